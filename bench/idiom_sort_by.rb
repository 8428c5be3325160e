# bench: idiomatic — ordering: sort_by with a scalar and an Array key,
# sort with a block and <=>, min_by/max_by, sort.reverse, each_cons check.
SCALE = 1

Item = Struct.new(:name, :weight, :value)
seed = 17
items = Array.new(20_000) do |i|
  seed = (seed * 1103515245 + 12345) % 2147483648
  Item.new("n#{seed % 5000}", seed % 97, (seed >> 7) % 1000)
end
reps = 6 * SCALE
acc = 0
by_name = nil
reps.times do
  by_ratio = items.sort_by { |it| -(it.value.to_f / (it.weight + 1)) }
  by_name = items.sort_by { |it| [it.name, it.weight] }
  by_block = items.sort { |a, b| b.value <=> a.value }
  acc += by_ratio.first.value + by_block.first.value
  acc += items.min_by(&:weight).weight + items.max_by { |it| it.value - it.weight }.value
  acc += by_block.each_cons(2).count { |a, b| a.value == b.value }
end
puts acc
puts by_name.first(3).map(&:name).join(",")
puts "ops: #{reps * items.size * 3}"
