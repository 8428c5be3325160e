# Enumerator.product / Enumerator::Product: the Cartesian product through each_entry,
# size, rewind, inspect, initialize/initialize_copy, no external iteration.
e = Enumerator.product(1..2, ["A", "B"]); p e.to_a, e.class, e.size
p Enumerator.product.to_a, Enumerator.product(1..2).to_a, Enumerator.product(2..3, ["A"], ["B"], ["C"]).to_a
e = Enumerator.product(1.., ["A", "B"]); p e.take(5), e.size
elems = []; p Enumerator.product(1..2, ["X", "Y"]) { elems << _1 }, elems
begin; Enumerator.product(1..3, foo: 1, bar: 2); rescue ArgumentError => x; p x.message; end
o = Object.new; def o.each_entry; yield 1; yield 2; end
p Enumerator.product(o, ["A", "B"]).to_a
begin; Enumerator.product(Object.new).to_a; rescue NoMethodError => x; p x.message[0, 30]; end
a = [1, 2, 3]; i = 0
en = Enumerator.new { |y| while i < a.size; y << a[i]; i += 1; end }
p Enumerator.product(['a', 'b'], en).to_a
p Enumerator::Product.new(1..2, 1..3, 1..4).size, Enumerator::Product.new(1...1, ["A", "B"]).size
s = Object.new; def s.size = Float::INFINITY; p Enumerator::Product.new(1..2, s).size
s = Object.new; def s.size = 1.0; p Enumerator::Product.new(1..2, s).size
p Enumerator::Product.new([1, 2], [:a, :b]).inspect, Enumerator::Product.allocate.inspect
pr = Enumerator::Product.new([1, 2].each.to_enum, [:a, :b].each.to_enum); p pr.each.to_a, pr.rewind.equal?(pr), (pr.next rescue "undef")
e1 = Enumerator::Product.new([true, false]); e1.send(:initialize_copy, Enumerator::Product.new([1, 2], [:a, :b])); p e1.each.to_a
p Enumerator::Product.private_instance_methods(false).sort
u = Enumerator::Product.allocate; p u.send(:initialize, 0..1, 2..3).equal?(u), u.to_a.size
begin; Enumerator::Product.allocate.freeze.send(:initialize, 0..1); rescue => x; p x.class; end
p Enumerator::Product.new(1..2, [3]).each { }.class, Enumerator::Product.new(1..2).each.class
p Enumerator::Product.new(1..2).to_s =~ /\A#<Enumerator::Product:0x\h+>\z/
p Enumerator::Product.new(1..2, [3, 4]).each.size, Enumerator::Product.new(1..2, [3, 4]).each.to_a
