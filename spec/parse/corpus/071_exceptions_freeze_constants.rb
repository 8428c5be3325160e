# Corpus: exceptions, freeze_constants, string_formatting, iterators
class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end

module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?

puts format("%-10s|%5d|%08.3f", "name", 42, 3.14159)
puts "%s and %p" % ["str", "str"]
puts 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
puts 255.to_s(2), "ff".hex, "0b101".to_i(0), 3.7.floor, 3.2.ceil, -3.5.round
puts "abc".succ, "az".next, "a".ord, 98.chr, "hello world".tr('lo', 'xy')
puts "  trim  ".strip.length, "x".ljust(3, ".") + "|", "Hello"[1..3], "Hello"[-1]

total = 0
[1, 2, 3, 4].each_with_index do |v, i|
  total += v * i
end
puts total
puts (1..10).select(&:even?).map { |x| x * x }.sum
puts %w[a b c].each_slice(2).to_a.inspect
h = Hash.new(0)
"mississippi".each_char { |c| h[c] += 1 }
puts h.sort_by { |k, v| [-v, k] }.first(2).inspect
3.times.map { |i| i * 10 }.each { puts _1 }
puts [[1, 2], [3, 4]].map { |a, b| a * b }.inspect
