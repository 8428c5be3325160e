# Block parameter binding (ruby/spec language/block_spec.rb): a lone Array is
# splatted once (yield [[]] to |a, *b| gives a = []), extra values are not a
# lone Array (yield [1, 2], 3 to |a, |), |_, _| keeps the first value, and
# #to_ary returning neither nil nor an Array raises TypeError.
def s(a) = yield(a)
def m(*a) = yield(*a)
p s([[]]) { |a, *b| [a, b] }
p s([[]]) { |a, b| [a, b] }
p m([1, 2], 3) { |a, | a }
p m(1, 2) { |_, _| _ }
p s([1, 2]) { |a, | a }
o = Object.new
def o.to_ary = 1
begin
  s(o) { |a, b| p [a, b] }
rescue TypeError => e
  p e.message
end
def o.to_ary = nil
s(o) { |a, b| p [a.class, b] }
def o.to_ary = [7, 8]
s(o) { |a, b| p [a, b] }
p [[1, [2, 3]]].map { |a, (b, c)| [a, b, c] }
p [[[1]]].each { |a, *b| p [a, b] }
pr = proc { |a, b| [a, b] }
p pr.call([[1]]), pr.call([1, 2]), pr.call(1), pr.yield([3, 4])
