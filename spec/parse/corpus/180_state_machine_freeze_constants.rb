# Corpus: state_machine, freeze_constants, while_until
class Light
  TRANSITIONS = {green: :yellow, yellow: :red, red: :green}.freeze
  attr_reader :state
  def initialize = @state = :green
  def next! = @state = TRANSITIONS.fetch(@state)
  def to_s = "Light(#{state})"
end
l = Light.new
4.times { l.next! }
puts l

module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?

i = 0
while i < 3
  i += 1
  next if i == 2
  puts "while #{i}"
end
j = 10
until j <= 7
  j -= 1
end
puts j
k = 0
begin
  k += 1
end while k < 5
puts k
n = 0
n += 1 until n >= 4
puts n
loop do
  n -= 1
  break if n.zero?
end
puts n
for a, b in [[1, 2], [3, 4]] do puts a + b end
for q in 1..3
  redo_guard = q
end
puts redo_guard
