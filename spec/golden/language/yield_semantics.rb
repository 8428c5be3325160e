def pairs
  yield 1, 2
  yield [3, 4]
  yield 5
end
pairs { |a, b| p [a, b] }
pairs { |a| p a }
pairs { |*a| p a }
def kw_yield = yield(1, k: 2)
kw_yield { |a, k:| p [a, k] }
def ret_val = [yield(1), yield(2)]
p ret_val { |x| x * 10 }
def nested_yield
  [1, 2].map { |x| yield(x) + 1 }
end
p nested_yield { |v| v * 100 }
def passes_block(&b) = [3, 4].map(&b)
p passes_block { _1 + 1 }
def yield_in_loop
  i = 0
  while i < 3
    yield i
    i += 1
  end
end
yield_in_loop { |i| print i }
puts
def block_given_in_block
  [1].map { block_given? }
end
p block_given_in_block, block_given_in_block {}
def explicit_and_yield(&b)
  [b.call(1), yield(2)]
end
p explicit_and_yield { |x| x * 3 }
def gen
  return to_enum(:gen) unless block_given?
  yield :a
  yield :b
end
p gen.to_a
p gen.map(&:to_s)
