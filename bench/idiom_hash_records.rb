# bench: idiomatic — small Hashes as records: Symbol-keyed literals,
# group_by, transform_values, sum, max_by, select, merge, fetch with default.
SCALE = 1

CITIES = %w[Oslo Lima Kyiv Rome Doha Baku Riga Suva]

def people(n)
  seed = 5
  Array.new(n) do |i|
    seed = (seed * 1103515245 + 12345) % 2147483648
    { id: i, city: CITIES[seed % CITIES.size], age: 18 + seed % 60, score: (seed >> 8) % 1000 }
  end
end

list = people(5_000)
reps = 40 * SCALE
summary = nil
oldest = nil
acc = 0
reps.times do
  by_city = list.group_by { |p| p[:city] }
  summary = by_city.transform_values { |ps| ps.sum { |p| p[:score] } / ps.size }
  oldest = list.max_by { |p| [p[:age], -p[:id]] }
  adults = list.select { |p| p[:age] >= 30 }
  acc += adults.size
  updated = list.map { |p| p.merge(score: p[:score] + 1) }
  acc += updated.sum { |p| p.fetch(:score) + p.fetch(:bonus, 0) }
  acc %= 1_000_000_007
end
summary.sort.each { |city, avg| puts "#{city} #{avg}" }
puts "oldest #{oldest[:id]} #{oldest[:age]}"
puts acc
puts "ops: #{reps * list.size * 4}"
