# bench: idiomatic — JSON round trip of records: Hashes with Symbol keys built
# by map, JSON.generate / to_json, JSON.parse with symbolize_names, sums
# over the parsed records with sum and a block.
require 'json'
SCALE = 1

def make_records(n, seed)
  Array.new(n) do |i|
    seed = (seed * 1103515245 + 12345) % 2147483648
    {
      id: i,
      name: "item-#{seed % 1000}",
      price: (seed % 10_000) / 100.0,
      tags: ["t#{seed % 5}", "t#{seed % 7}"],
      stock: { warehouse: seed % 3, count: seed % 50 },
      active: seed.odd?
    }
  end
end

records = make_records(2_000, 9)
bytes = 0
total_stock = 0
price_sum = 0.0
actives = 0
reps = 40 * SCALE
reps.times do
  text = JSON.generate(records)
  bytes = text.bytesize
  data = JSON.parse(text, symbolize_names: true)
  total_stock += data.sum { |r| r[:stock][:count] }
  price_sum += data.sum { |r| r[:price] }
  actives += data.count { |r| r[:active] }
end
puts "bytes = #{bytes}"
puts "stock = #{total_stock}"
puts "price = #{price_sum.round(2)}"
puts "active = #{actives}"
puts records.first(2).to_json
puts "ops: #{reps * records.size}"
