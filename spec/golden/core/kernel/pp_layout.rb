# pp: CRuby's pretty layout at 80 columns (flat when it fits, one element per line otherwise)
pp (1..30).map { |i| "item#{i}" }
pp({name: "x" * 30, list: (1..20).to_a, nested: {a: "y" * 40, b: [1, 2, {c: "z" * 50}]}})
pp [[1] * 30, [2] * 5]
pp [1, [2, [3, "y" * 70]]]
(70..76).each { |n| pp [1, "x" * n] }
pp({"k" => "v" * 80, 1 => 2, nil => [], [1, 2] => {}})
pp({"+": 1, "a b": 2, "ok?": 3, :@iv => 4, a_long_key_name_here: "w" * 60})
Point = Struct.new(:x, :y)
pp Point.new(1, 2), [Point.new("q" * 40, "r" * 40)]
class Node
  def initialize(v, kids) = (@value = v; @children = kids)
end
tree = Node.new("root" * 5, [Node.new("leaf-a" * 4, []), Node.new("leaf-b" * 4, [])])
class Capture
  attr_reader :text
  def initialize = @text = +""
  def write(*s) = s.sum { |x| @text << x.to_s; x.to_s.size }
  def <<(s) = (@text << s.to_s; self)
end
cap = Capture.new
$stdout = cap
r = pp(tree)
$stdout = STDOUT
puts cap.text.gsub(/0x\h+/, "0xADDR"), r.class
class Custom
  def initialize = @secret = "s" * 100
  def inspect = "#<Custom>"
end
pp [Custom.new] * 12
class Empty; end
pp Empty.new.class, [nil, true, 1.5, :sym, 1..2, "str"]
a = [1, 2]
a << a
pp a
h = {k: 1}
h[:me] = h
pp h
x = pp
p x
y = pp 1, [2]
p y
big = (1..5).map { |i| {id: i, name: "user#{i}", tags: ["t#{i}", "common"], score: i * 1.5} }
pp big
pp "a" * 100
pp [["x" * 38, "y" * 38], ["z"]]
