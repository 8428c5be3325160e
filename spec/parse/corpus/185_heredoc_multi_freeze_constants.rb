# Corpus: heredoc_multi, freeze_constants, sorting, string_formatting
def show(a, b) = puts(a + b)
show(<<~ONE, <<~TWO)
  first body
ONE
  second body
TWO
html = <<~HTML
  <ul>
  #{%w[a b].map { |i| "  <li>#{i}</li>" }.join("\n")}
  </ul>
HTML
puts html
q = <<~"QUOTED"
  quoted #{1 + 2}
QUOTED
puts q
x = [<<~A.upcase, "mid", <<~B.length]
  aa
A
  bbb
B
puts x.inspect

module Colors
  ALL = %i[red green blue].freeze
  DEFAULT = ALL.first
  def self.valid?(c) = ALL.include?(c)
end
puts Colors::DEFAULT, Colors.valid?(:green), Colors.valid?(:pink), Colors::ALL.frozen?

people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect

puts format("%-10s|%5d|%08.3f", "name", 42, 3.14159)
puts "%s and %p" % ["str", "str"]
puts 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
puts 255.to_s(2), "ff".hex, "0b101".to_i(0), 3.7.floor, 3.2.ceil, -3.5.round
puts "abc".succ, "az".next, "a".ord, 98.chr, "hello world".tr('lo', 'xy')
puts "  trim  ".strip.length, "x".ljust(3, ".") + "|", "Hello"[1..3], "Hello"[-1]
