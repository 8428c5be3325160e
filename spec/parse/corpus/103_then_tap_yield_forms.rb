# Corpus: then_tap, yield_forms
puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ

def each_pair_of(arr)
  return to_enum(:each_pair_of, arr) unless block_given?
  arr.each_slice(2) { |a, b| yield a, b }
end
each_pair_of([1, 2, 3, 4]) { |x, y| puts x * y }
puts each_pair_of([5, 6]).to_a.inspect
def twice
  yield
  yield
end
count = 0
twice { count += 1 }
puts count
def with_value = yield(10)
puts with_value { |v| v + 1 }
