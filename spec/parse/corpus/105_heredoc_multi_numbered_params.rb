# Corpus: heredoc_multi, numbered_params, comparable
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

puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")
