# Tic-tac-toe with a minimax AI (alpha-beta, memoized), scripted games and board analysis
class Board
  LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]].freeze
  attr_reader :cells

  def initialize(cells = Array.new(9))
    @cells = cells
  end

  def self.parse(s) = new(s.delete("\n|").chars.map { |c| c == "." ? nil : c.to_sym })

  def play(i, mark)
    raise ArgumentError, "cell #{i} out of range" unless (0..8).cover?(i)
    raise ArgumentError, "cell #{i} taken by #{@cells[i]}" if @cells[i]
    c = @cells.dup
    c[i] = mark
    Board.new(c)
  end

  def free = (0..8).select { |i| @cells[i].nil? }
  def winner = LINES.map { |l| l.map { |i| @cells[i] } }.find { |a, b, c| a && a == b && b == c }&.first
  def full? = free.empty?
  def over? = !!winner || full?
  def turn = @cells.count(:X) > @cells.count(:O) ? :O : :X
  def key = @cells.map { |c| c || "." }.join

  def to_s
    @cells.each_slice(3).map { |r| " " + r.map { |c| c || "." }.join(" | ") }.join("\n---+---+---\n")
  end
end

class AI
  attr_reader :nodes

  def initialize
    @memo = {}
    @nodes = 0
  end

  def score(board, depth = 0, alpha = -100, beta = 100)
    @nodes += 1
    w = board.winner
    return (w == :X ? 10 - depth : depth - 10) if w
    return 0 if board.full?
    memo_key = board.key
    return @memo[memo_key] if @memo.key?(memo_key) && depth.zero?
    maximizing = board.turn == :X
    best = maximizing ? -100 : 100
    board.free.each do |i|
      s = score(board.play(i, board.turn), depth + 1, alpha, beta)
      if maximizing
        best = [best, s].max
        alpha = [alpha, s].max
      else
        best = [best, s].min
        beta = [beta, s].min
      end
      break if beta <= alpha
    end
    @memo[memo_key] = best if depth.zero?
    best
  end

  def best_move(board)
    me = board.turn
    scored = board.free.map { |i| [score(board.play(i, me), 1), i] }
    me == :X ? scored.max_by { |s, i| [s, -i] }.last : scored.min_by { |s, i| [s, i] }.last
  end
end

ai = AI.new
b = Board.new
until b.over?
  m = ai.best_move(b)
  b = b.play(m, b.turn)
end
puts "AI vs AI:"
puts b
p b.winner, b.full?

puts "Human script vs AI:"
b = Board.new
until b.over?
  human = ([4, 0, 8, 2, 6, 1, 3, 5, 7] & b.free).first
  b = b.play(human, :X)
  break if b.over?
  b = b.play(ai.best_move(b), :O)
end
puts b
p b.winner || :draw

positions = {
  "X to win" => "XX.|OO.|...",
  "O must block" => "XX.|O..|...",
  "fork" => "X..|.O.|..X",
  "lost" => "OO.|XX.|X..",
}
positions.each do |name, s|
  pos = Board.parse(s)
  mv = ai.best_move(pos)
  puts format("%-13s turn=%s best=%d eval=%d", name, pos.turn, mv, ai.score(pos))
end
p ai.nodes > 0
begin
  Board.new.play(4, :X).play(4, :O)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Board.new.play(9, :X)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
all = Hash.new(0)
count_games = lambda do |board|
  if board.over?
    all[board.winner || :draw] += 1
    return
  end
  board.free.each { |i| count_games.(board.play(i, board.turn)) }
end
count_games.(Board.new.play(4, :X).play(0, :O).play(8, :X))
p all.sort.to_h, all.values.sum
