def twice
  yield 1
  yield 2
end
twice { |x| puts "got #{x}" }
def maybe
  if block_given?
    "block: #{yield}"
  else
    "no block"
  end
end
puts maybe
puts maybe { 42 }
def pass_along(&b) = twice(&b)
pass_along { |x| puts x * 10 }
def collect
  r = []
  yield(->(v) { r << v })
  r
end
p collect { |add| add.(1); add.call(2); add[3] }
def yield_many = yield(1, 2, 3)
yield_many { |a, b| p [a, b] }
yield_many { |a, *r| p [a, r] }
yield_many { |*all| p all }
def yield_arr = yield([1, [2, 3]])
yield_arr { |a, (b, c)| p [a, b, c] }
yield_arr { |x| p x }
yield_arr { |a, | p a }
def yield_hash = yield({ k: 1 })
yield_hash { |h| p h }
p [1, 2, 3].map { _1 * 2 }
p [1, 2, 3].map { it + 1 }
p [[1, 2], [3, 4]].map { _1 + _2 }
p [[1, 2], [3, 4]].map { |a, b| a * b }
p({ a: 1, b: 2 }.map { |k, v| "#{k}=#{v}" })
def each_pair_yield
  yield :a, 1
  yield :b, 2
end
each_pair_yield { |k, v| puts "#{k}: #{v}" }
r = [1, 2, 3].each_with_index.map { |x, i| x * i }
p r
def ret_from_yield = yield + 1
p ret_from_yield { 10 }
def no_block_yield = yield
begin
  no_block_yield
rescue LocalJumpError => e
  puts e.message
end
def block_to_proc(&blk) = blk
pr = block_to_proc { |x| x.to_s * 2 }
p pr.call(4), pr.class, pr.lambda?
p %w[a b c].each_with_object({}) { |s, h| h[s] = s.ord }
x = 5
[1].each { |x| x += 100 }
p x
[1].each { |v; x| x = v }
p x
