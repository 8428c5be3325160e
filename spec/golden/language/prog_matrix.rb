# Matrix arithmetic with operator overloading, Enumerable, error checks.
class Matrix2
  include Enumerable
  class DimensionError < StandardError; end
  attr_reader :rows

  def self.identity(n) = new(Array.new(n) { |i| Array.new(n) { |j| i == j ? 1 : 0 } })
  def self.[](*rows) = new(rows)

  def initialize(rows)
    raise DimensionError, "ragged rows" unless rows.map(&:size).uniq.size <= 1
    @rows = rows.map(&:dup).freeze
  end

  def row_count = rows.size
  def col_count = rows.first&.size || 0
  def [](i, j) = rows.dig(i, j)
  def each(&) = rows.each { |r| r.each(&) }
  def transpose = Matrix2.new(rows.transpose)
  def ==(o) = o.is_a?(Matrix2) && rows == o.rows

  def +(o)
    check_same!(o)
    Matrix2.new(rows.zip(o.rows).map { |a, b| a.zip(b).map { _1 + _2 } })
  end

  def *(o)
    case o
    when Numeric then Matrix2.new(rows.map { |r| r.map { |v| v * o } })
    when Matrix2
      raise DimensionError, "#{col_count} != #{o.row_count}" unless col_count == o.row_count
      cols = o.transpose.rows
      Matrix2.new(rows.map { |r| cols.map { |c| r.zip(c).sum { |a, b| a * b } } })
    else
      raise TypeError, "can't multiply by #{o.class}"
    end
  end

  def **(n)
    raise ArgumentError, "square only" unless row_count == col_count
    (1..n).reduce(Matrix2.identity(row_count)) { |acc, _| acc * self }
  end

  def determinant
    raise DimensionError, "not square" unless row_count == col_count
    return rows[0][0] if row_count == 1
    rows[0].each_with_index.sum do |v, j|
      minor = Matrix2.new(rows[1..].map { |r| r.reject.with_index { |_, k| k == j } })
      (j.even? ? 1 : -1) * v * minor.determinant
    end
  end

  def to_s
    w = map { |v| v.to_s.size }.max
    rows.map { |r| "| " + r.map { |v| v.to_s.rjust(w) }.join(" ") + " |" }.join("\n")
  end

  private

  def check_same!(o)
    return if row_count == o.row_count && col_count == o.col_count
    raise DimensionError, "#{row_count}x#{col_count} vs #{o.row_count}x#{o.col_count}"
  end
end

a = Matrix2[[1, 2], [3, 4]]
b = Matrix2[[0, 1], [1, 0]]
puts a + b
puts a * b
puts a * 3
puts a ** 3
p a.determinant, Matrix2[[2, 0, 1], [1, 3, 2], [1, 1, 1]].determinant
p a.transpose.rows, a.max, a.sum, a.sort.reverse, a.include?(4)
p a == Matrix2[[1, 2], [3, 4]], a[1, 0], a[5, 5]
fib = Matrix2[[1, 1], [1, 0]] ** 30
p fib[0, 1]
[
  -> { a + Matrix2[[1, 2, 3]] },
  -> { a * Matrix2[[1, 2, 3]] },
  -> { a * "x" },
  -> { Matrix2[[1, 2], [3]] },
  -> { Matrix2[[1, 2, 3]].determinant },
  -> { Matrix2[[1, 2]] ** 2 },
].each do |f|
  f.call
rescue Matrix2::DimensionError, TypeError, ArgumentError => e
  puts "#{e.class.name.split('::').last}: #{e.message}"
end
p a.frozen?, a.rows.frozen?
