class Empty; end
class WithIvars
  def initialize = (@a, @b = 1, "two")
end
s = Empty.new.inspect
p s.match?(/\A#<Empty>\z/) || s.match?(/\A#<Empty:0x\h+>\z/)
w = WithIvars.new.inspect
p w.sub(/0x\h+/, "X")
p Empty.new.to_s.sub(/0x\h+/, "X")
p Empty, Empty.name, Empty.to_s, Comparable, Class.new.name
module M; class N; end; end
p M::N, M::N.new.class.name
p nil, true, false, :sym, :"with space", 1.0, 1e100, -0.0, 2**64
p "str\n\t\"q\"", 'single', "\u00e9", "\x00"
p [1, [2, nil]], {a: [1], "b" => {c: :d}}, {1 => 2}
p 1..2, "a"..."b", (1..), nil..1
p Float::INFINITY, -Float::INFINITY, Float::NAN.nan?
p [], {}, "", Object.new.frozen?
p Struct.new(:a).new(1) rescue p :nostruct
p :+, :[], :a?, :b!, :c=, :@iv, :$gv, :Const
