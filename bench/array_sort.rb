# bench: single-thread — Array#sort / sort_by / map on 1M integers.
SCALE = 1
n = 1_000_000 * SCALE
seed = 42
a = Array.new(n) { seed = (seed * 1103515245 + 12345) % 2147483648 }
s = a.sort
b = a.sort_by { |x| -x }
c = a.map { |x| x % 1000 }.sort
puts "min=#{s[0]} max=#{s[-1]} med=#{s[n / 2]} b0=#{b[0]} c_mid=#{c[n / 2]}"
