# bench: idiomatic — configuration-style Hashes with Symbol keys: fetch,
# dig through nested Hashes, merge of defaults, key?, each_pair, to_a.
SCALE = 1

DEFAULTS = { host: "localhost", port: 80, timeout: 5, retries: 2, tls: { verify: true, depth: 3 } }

def connect_cost(opts)
  o = DEFAULTS.merge(opts)
  cost = o[:port] % 100 + o.fetch(:timeout) * o.fetch(:retries)
  cost += o.dig(:tls, :depth) || 0
  cost += 7 if o.key?(:proxy)
  cost += o[:host].size
  cost
end

reps = 150_000 * SCALE
acc = 0
reps.times do |i|
  opts = { port: 8000 + i % 100, timeout: 1 + i % 4 }
  opts[:proxy] = "p" if i % 3 == 0
  opts[:tls] = { verify: false, depth: i % 5 } if i % 7 == 0
  acc += connect_cost(opts)
end
counts = Hash.new(0)
DEFAULTS.each_pair { |k, v| counts[v.class.name] += k.size }
puts acc
puts counts.sort.map { |k, v| "#{k}=#{v}" }.join(" ")
puts DEFAULTS.keys.map(&:to_s).sort.join(",")
puts "ops: #{reps}"
