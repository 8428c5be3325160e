# Bowling score kata with frame-by-frame validation and running totals
class BowlingError < StandardError; end

class BowlingGame
  def initialize
    @rolls = []
  end

  def roll(pins)
    raise BowlingError, "invalid pin count #{pins}" unless (0..10).cover?(pins)
    raise BowlingError, "game is over" if complete?
    frame_rolls = current_frame_rolls
    if frames_done < 9 && frame_rolls.size == 1 && frame_rolls[0] + pins > 10
      raise BowlingError, "frame #{frames_done + 1} exceeds 10 pins (#{frame_rolls[0]} + #{pins})"
    end
    @rolls << pins
    self
  end

  def score = frame_scores.compact.sum

  def frame_scores
    scores = []
    i = 0
    10.times do
      if @rolls[i] == 10
        bonus = @rolls[i + 1, 2]
        scores << (bonus.size == 2 ? 10 + bonus.sum : nil)
        i += 1
      elsif @rolls[i] && @rolls[i + 1]
        if @rolls[i] + @rolls[i + 1] == 10
          scores << (@rolls[i + 2] ? 10 + @rolls[i + 2] : nil)
        else
          scores << @rolls[i] + @rolls[i + 1]
        end
        i += 2
      else
        scores << nil
        i += 2
      end
    end
    scores
  end

  def running_totals
    sum = 0
    frame_scores.map { |s| s && (sum += s) }
  end

  def complete?
    i = 0
    9.times do
      return false unless @rolls[i]
      i += @rolls[i] == 10 ? 1 : 2
    end
    tenth = @rolls[i..] || []
    return false if tenth.size < 2
    return tenth.size == 3 if tenth[0] == 10 || tenth[0] + tenth[1] == 10
    true
  end

  def card
    out = []
    i = 0
    9.times do
      break unless @rolls[i]
      if @rolls[i] == 10
        out << "X"
        i += 1
      else
        a, b = @rolls[i], @rolls[i + 1]
        out << (b.nil? ? a.to_s : a + b == 10 ? "#{mark(a)}/" : "#{mark(a)}#{mark(b)}")
        i += 2
      end
    end
    tenth = @rolls[i..] || []
    out << tenth.map { |x| x == 10 ? "X" : mark(x) }.join unless tenth.empty?
    out.join("|")
  end

  private

  def mark(x) = x.zero? ? "-" : x.to_s

  def frames_done
    i = 0
    f = 0
    while i < @rolls.size && f < 9
      if @rolls[i] == 10
        i += 1
      elsif i + 1 < @rolls.size
        i += 2
      else
        break
      end
      f += 1
    end
    f
  end

  def current_frame_rolls
    i = 0
    f = 0
    while f < frames_done
      i += @rolls[i] == 10 ? 1 : 2
      f += 1
    end
    @rolls[i..] || []
  end
end

games = {
  "gutter" => [0] * 20,
  "all ones" => [1] * 20,
  "one spare" => [5, 5, 3] + [0] * 17,
  "one strike" => [10, 3, 4] + [0] * 16,
  "perfect" => [10] * 12,
  "all spares" => [5] * 21,
  "typical" => [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
  "partial" => [10, 10, 4],
  "tenth spare" => [0] * 18 + [7, 3, 10],
}
games.each do |name, rolls|
  g = BowlingGame.new
  rolls.each { |r| g.roll(r) }
  puts format("%-12s score=%3d complete=%-5s card=%s", name, g.score, g.complete?, g.card)
  p g.running_totals
end
bad = [[[11], "too many pins"], [[5, 6], "frame overflow"], [[0] * 20 + [1], "extra roll"], [[-1], "negative"]]
bad.each do |rolls, what|
  g = BowlingGame.new
  rolls.each { |r| g.roll(r) }
  puts "#{what}: accepted?!"
rescue BowlingError => e
  puts "#{what}: #{e.message}"
end
