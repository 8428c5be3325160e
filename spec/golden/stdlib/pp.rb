# pp compiled from the installed pp.rb / prettyprint.rb.  No Hash here:
# the installed (3.1) pp.rb prints {:a=>1} where 3.4 prints {a: 1}.
require 'pp'
data = ["spinel", %w[compiler ruby aot threads], [(1..30).to_a, [1, [2, [3]]]]]
pp data
pp [1, "two", :three, nil, 4.5]
s = data.pretty_inspect
p s.lines.size, s.end_with?("\n")
PP.pp([:x, 1], $stdout, 5)
Point = Struct.new(:x, :y)
pp Point.new(1, 2)
class Widget
  def initialize = (@id = 7; @parts = ["a" * 30, "b" * 30, "c" * 30])
end
puts Widget.new.pretty_inspect.sub(/0x\h+/, "0xX")
out = PP.pp((1..40).to_a, +"", 20)
puts out
r = pp(1, 2)
p r
