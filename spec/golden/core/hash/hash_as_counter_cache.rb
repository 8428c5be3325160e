# Hash as memo cache, counter, index, and lookup table with fetch defaults
memo = {}
fib = ->(n) { n < 2 ? n : memo[n] ||= fib.(n - 1) + fib.(n - 2) }
p fib.(90), memo.size, memo.keys.minmax
ways = Hash.new do |h, (n, coins)|
  h[[n, coins]] = if n.zero? then 1
                  elsif n.negative? || coins.empty? then 0
                  else h[[n - coins.first, coins]] + h[[n, coins.drop(1)]]
                  end
end
p ways[[100, [50, 25, 10, 5, 1]]], ways.size > 100
counts = Hash.new(0)
"mississippi".each_char { |c| counts[c] += 1 }
p counts, counts.max_by { |c, n| [n, c] }, counts.sort.to_h, counts.sum { _2 }
index = Hash.new { |h, k| h[k] = [] }
%w[ant bee cat ape bat cow].each_with_index { |w, i| index[w[0]] << i }
p index, index.fetch("a"), index.fetch("z", []), index.key?("z")
table = {"+" => :add, "-" => :sub}.freeze
p %w[+ - * +].map { |op| table.fetch(op, :unknown) }
lookup = Hash.new { |h, k| raise KeyError, "no such op: #{k}" }
lookup["x"] = 1
begin
  lookup["y"]
rescue KeyError => e
  puts "KeyError: #{e.message}"
end
