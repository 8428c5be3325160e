# Sudoku solver: constraint propagation via candidate sets plus backtracking
class Sudoku
  DIGITS = (1..9).to_a.freeze
  attr_reader :grid, :guesses

  def self.parse(str)
    cells = str.gsub(/[^0-9.]/, "").chars.map { |c| c == "." ? 0 : c.to_i }
    raise ArgumentError, "need 81 cells, got #{cells.size}" unless cells.size == 81
    new(cells.each_slice(9).to_a)
  end

  def initialize(grid)
    @grid = grid.map(&:dup)
    @guesses = 0
  end

  def candidates(r, c)
    used = @grid[r] + @grid.map { |row| row[c] }
    br, bc = r / 3 * 3, c / 3 * 3
    3.times { |i| used.concat(@grid[br + i][bc, 3]) }
    DIGITS - used
  end

  def valid?
    groups = @grid + @grid.transpose + (0..8).map { |b| (0..8).map { |i| @grid[b / 3 * 3 + i / 3][b % 3 * 3 + i % 3] } }
    groups.all? { |g| nz = g.reject(&:zero?); nz.uniq.size == nz.size }
  end

  def solve
    loop do
      progress = false
      empties = []
      9.times do |r|
        9.times do |c|
          next unless @grid[r][c].zero?
          cand = candidates(r, c)
          return false if cand.empty?
          if cand.size == 1
            @grid[r][c] = cand.first
            progress = true
          else
            empties << [cand.size, r, c, cand]
          end
        end
      end
      return true if empties.empty? && !progress
      next if progress
      _, r, c, cand = empties.min_by { |e| e.first(3) }
      cand.each do |d|
        @guesses += 1
        trial = Sudoku.new(@grid)
        trial.grid[r][c] = d
        if trial.solve
          @grid = trial.grid
          @guesses += trial.guesses
          return true
        end
        @guesses += trial.guesses
      end
      return false
    end
  end

  def to_s
    @grid.each_with_index.map do |row, r|
      line = row.each_slice(3).map { |s| s.map { |d| d.zero? ? "." : d }.join(" ") }.join(" | ")
      r % 3 == 2 && r < 8 ? line + "\n------+-------+------" : line
    end.join("\n")
  end
end

easy = <<~P
  53..7....
  6..195...
  .98....6.
  8...6...3
  4..8.3..1
  7...2...6
  .6....28.
  ...419..5
  ....8..79
P
hard = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."
[["easy", easy], ["hard", hard]].each do |name, src|
  s = Sudoku.parse(src)
  p s.candidates(0, 2) if name == "easy"
  ok = s.solve
  puts "#{name}: solved=#{ok} valid=#{s.valid?} guesses=#{s.guesses}"
  puts s
  puts
end
bad = Sudoku.parse("11" + "." * 79)
p bad.valid?
begin
  Sudoku.parse("123")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
# candidate counts on the easy puzzle before solving
fresh = Sudoku.parse(easy)
counts = Hash.new(0)
9.times { |r| 9.times { |c| counts[fresh.candidates(r, c).size] += 1 if fresh.grid[r][c].zero? } }
p counts.sort.to_h, fresh.grid.flatten.count(0), fresh.valid?
