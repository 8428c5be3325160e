# Enumerator::Lazy.new(obj, size) { |yielder, *values| }: a lazy stage fed by obj.each
# (was: a plain generator whose lazy methods segfaulted).
o = Object.new
def o.each; yield 0; yield 1; yield 2; yield 3, 4; end
l = Enumerator::Lazy.new(o) { |y, *v| y << v }
p l.first(2), l.to_a, l.force
p Enumerator::Lazy.new(o, 100) {}.size, Enumerator::Lazy.new(o, -> { 200 }) {}.size
p Enumerator::Lazy.new(Object.new, 100) {}.compact.size
p Enumerator::Lazy.new(o, 7) {}.map { _1 }.size
p Enumerator::Lazy.new([1, 2, 3]) { |y, v| y.yield v * 10 if v.odd? }.map { _1 + 1 }.to_a
p Enumerator::Lazy.new([1, 2, 3]) { |y, v| y.yield v }.inspect.sub(/0x\h+/, "XX")
p (1..Float::INFINITY).lazy.then { |e| Enumerator::Lazy.new(e) { |y, v| y << v * 2 } }.first(3)
begin; Enumerator::Lazy.new(o); rescue ArgumentError => e; p e.message; end
p Enumerator::Lazy.new([1, 2, 3]) { |y, v| y.yield v }.map {}.inspect
