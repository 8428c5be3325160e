# Array#shuffle/#sample with a random: object that is not a Random (its
# #rand is asked, its answer checked); Random.allocate; Array#product's
# size check and lazy block form; Array#fill's argument checks.
o = Object.new
def o.rand(*a) = (p a; 0.5)
p [1, 2].sample(random: o)
p [1, 2].shuffle(random: o).sort
def o.rand(*a) = 7
begin; [1, 2].shuffle(random: o); rescue => e; p [e.class, e.message]; end
def o.rand(*a) = -1
begin; [1, 2].sample(random: o); rescue => e; p [e.class, e.message]; end
begin; [1, 2].sample(random: BasicObject.new); rescue NoMethodError => e; p e.class; end
r = Random.allocate
p r.rand(1.0).class, r.class, r.bytes(3).size
p Random.new(42).rand(100), [1, 2, 3, 4, 5].shuffle(random: Random.new(3)), [1, 2, 3, 4, 5].sample(2, random: Random.new(5))

b = (0..100).to_a
begin; b.product(b, b, b, b, b, b, b, b, b, b); rescue RangeError => e; p e.message; end
p [1, 2].product([3, 4], [5]), [1, 2].product([]), [].product([1])
n = 0
b.product(b, b, b, b, b, b, b, b, b, b) { |t| n += 1; break if n == 3 }
p n
x = [1, 2]
p x.product([3]) { |t| x << 9 if x.size < 4; p t }

a = [1, 2, 3]
# (a fill of 2**62 - 1 elements: ArgumentError "argument too big" on 64-bit;
# the 32-bit oracle says RangeError, so ruby/spec core/array/fill covers it)
[-> { a.fill(10, 1, 2**64) }, -> { a.fill(1, 2, 3, 4) }, -> { a.fill(1, 2, 3) { } },
 -> { a.fill(1, 0..1, 1) }, -> { [1, 2, 3].fill(0, 1..5) }, -> { [1, 2, 3].fill(0, 5..) }, -> { [1, 2, 3].fill(0, -2..) },
 -> { [1, 2, 3].fill(0, -9..1) }, -> { [1, 2].fill { |i| i * 10 } }].each do |blk|
  begin
    p blk.call
  rescue => e
    p [e.class, e.message]
  end
end
