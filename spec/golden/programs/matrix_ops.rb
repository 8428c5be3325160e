# Matrix operations in plain Ruby: multiply, transpose, determinant, inverse (Rational-free), identity, power
class Matrix2
  include Enumerable
  attr_reader :rows

  def self.identity(n) = new(Array.new(n) { |i| Array.new(n) { |j| i == j ? 1 : 0 } })
  def self.zero(r, c) = new(Array.new(r) { Array.new(c, 0) })
  def self.[](*rows) = new(rows)

  def initialize(rows)
    raise ArgumentError, "ragged rows" unless rows.map(&:size).uniq.size <= 1
    @rows = rows.map(&:dup)
  end

  def row_count = rows.size
  def col_count = rows.first&.size || 0
  def square? = row_count == col_count
  def [](i, j) = rows[i][j]
  def each(&) = rows.each { |r| r.each(&) }
  def transpose = Matrix2.new(rows.transpose)
  def ==(o) = o.is_a?(Matrix2) && rows == o.rows

  def +(o)
    check_same!(o)
    Matrix2.new(rows.zip(o.rows).map { |a, b| a.zip(b).map { |x, y| x + y } })
  end

  def -(o)
    check_same!(o)
    Matrix2.new(rows.zip(o.rows).map { |a, b| a.zip(b).map { |x, y| x - y } })
  end

  def *(o)
    case o
    when Numeric then Matrix2.new(rows.map { |r| r.map { |x| x * o } })
    when Matrix2
      raise ArgumentError, "dimension mismatch #{row_count}x#{col_count} * #{o.row_count}x#{o.col_count}" if col_count != o.row_count
      cols = o.rows.transpose
      Matrix2.new(rows.map { |r| cols.map { |c| r.zip(c).sum { |a, b| a * b } } })
    end
  end

  def **(n)
    raise ArgumentError, "not square" unless square?
    result = Matrix2.identity(row_count)
    base = self
    while n > 0
      result *= base if n.odd?
      base *= base
      n >>= 1
    end
    result
  end

  def determinant
    raise ArgumentError, "not square" unless square?
    return rows[0][0] if row_count == 1
    return rows[0][0] * rows[1][1] - rows[0][1] * rows[1][0] if row_count == 2
    rows[0].each_with_index.sum do |x, j|
      minor = Matrix2.new(rows[1..].map { |r| r.reject.with_index { |_, k| k == j } })
      (j.even? ? 1 : -1) * x * minor.determinant
    end
  end

  def inverse
    d = determinant.to_f
    raise ZeroDivisionError, "singular matrix" if d.zero?
    n = row_count
    aug = rows.each_with_index.map { |r, i| r.map(&:to_f) + Array.new(n) { |j| i == j ? 1.0 : 0.0 } }
    n.times do |col|
      pivot = (col...n).max_by { |r| aug[r][col].abs }
      aug[col], aug[pivot] = aug[pivot], aug[col]
      pv = aug[col][col]
      aug[col].map! { |x| x / pv }
      n.times do |r|
        next if r == col
        f = aug[r][col]
        aug[r] = aug[r].zip(aug[col]).map { |a, b| a - f * b }
      end
    end
    Matrix2.new(aug.map { |r| r[n..].map { |x| x.round(6) + 0.0 } })
  end

  def trace = (0...row_count).sum { |i| rows[i][i] }

  def to_s
    w = map { |x| x.to_s.size }.max
    rows.map { |r| "| " + r.map { |x| x.to_s.rjust(w) }.join(" ") + " |" }.join("\n")
  end

  def inspect = "Matrix2#{rows.inspect}"

  private

  def check_same!(o)
    raise ArgumentError, "size mismatch" unless row_count == o.row_count && col_count == o.col_count
  end
end

a = Matrix2[[1, 2], [3, 4]]
b = Matrix2[[0, 1], [1, 0]]
c = Matrix2[[2, 0, 1], [1, 3, 2], [1, 1, 2]]
puts a, "", a * b, "", a + b, "", a - b, "", a * 3, ""
p a.transpose, a.determinant, c.determinant, a.trace, c.trace, a.square?, a.max, a.sum, a.sort
puts c.inverse
p (c * c.inverse).rows.map { |r| r.map { |x| x.round(6) } }
fib = Matrix2[[1, 1], [1, 0]]
p (fib**10)[0, 1], (fib**90)[0, 1], Matrix2.identity(3), Matrix2.zero(2, 3)
begin
  a * c
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Matrix2[[1, 2], [2, 4]].inverse
rescue ZeroDivisionError => e
  puts "ZeroDivisionError: #{e.message}"
end
begin
  Matrix2.new([[1], [2, 3]])
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
rot = Matrix2[[0, -1], [1, 0]]
p (rot**4) == Matrix2.identity(2), (rot**2).rows, a == Matrix2[[1, 2], [3, 4]]
v = Matrix2[[1], [2], [3]]
puts c * v
