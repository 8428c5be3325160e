# Enumerator::Chain (Enumerable#chain, Enumerator#+): lazy in its sources
# (an endless one works), sized, rewound, inspected as CRuby 3.4
e = [1, 2].each + [3]
p e, e.class, e.size, e.to_a
l = (1..Float::INFINITY).lazy.chain([1])
p l.class, l.first(3)
c = [1].chain((1..))
p c.size, c.first(4)
p c.each.class
c2 = Enumerator::Chain.allocate
p c2
begin; c2.each {}; rescue => x; p x.class, x.message; end
begin; c2.size; rescue => x; p x.class, x.message; end
p Enumerator::Chain.new([1, 2], [3]).with_index.to_a
p Enumerator::Chain.new([1, 2], [3]).each_with_index.to_a
p Enumerator::Chain.new([1, 2], [3]).map { _1 * 2 }
p Enumerator::Chain.instance_methods(false).sort
p Enumerator::Chain.new([[1, 2]], {a: 1}).each { |a, b| p [a, b] }
p Enumerator::Chain.new([1], [2]).lazy.class
p Enumerator::Chain.new([1]).dup
p (1..3).each_slice(2) + [9]
p Enumerator::Chain.new([1], "str").size, Enumerator::Chain.new([1], 1..).size
p Enumerator::Chain.new([1], [2].each_slice(1).lazy.map { 1 }).size
begin; Enumerator::Chain.new([1], 5).to_a; rescue => e3; p e3.class, e3.message; end
a = [1]; ch = Enumerator::Chain.new(a); a.push(2); p ch.to_a
p [1].chain.respond_to?(:next), [1].chain.to_s.start_with?("#<Enumerator::Chain:0x")

# rewind walks back over the sources #each started, the last first
class Src
  include Enumerable
  def initialize(name, fail_each: false) = (@name, @fail = name, fail_each)
  def each
    raise "each of #{@name}" if @fail
    yield @name
  end
  def rewind = (puts "rewind #{@name}")
end
r = Src.new(:a).chain(Src.new(:b), Src.new(:c))
r.rewind
p r.to_a
p r.rewind.equal?(r)
r.rewind
r2 = Enumerator::Chain.new(Src.new(:x), Src.new(:y, fail_each: true), Src.new(:z))
begin; r2.each {}; rescue => x; p x.message; end
r2.rewind

# copies and recursive inspect (CRuby's rb_obj_init_copy checks)
c3 = Enumerator::Chain.new([1])
p c3.send(:initialize_copy, c3).equal?(c3)
begin; c3.send(:initialize_copy, Enumerator::Product.new([1])); rescue TypeError => x; p x.message; end
rec = [1]
rc = Enumerator::Chain.new(rec)
rec << rc
p rc
pr = [2]
pp = Enumerator::Product.new(pr)
pr << pp
p pp
p Enumerator::Product.instance_method(:each).arity, Enumerator::Chain.instance_method(:each).arity
