# formatting numeric tables: multiplication table, powers, factorial growth, number bases side by side
puts "    |" + (1..9).map { |i| i.to_s.rjust(3) }.join
puts "----+" + "---" * 9
(1..9).each { |i| puts "#{i.to_s.rjust(3)} |" + (1..9).map { |j| (i * j).to_s.rjust(3) }.join }
(0..16).step(4).each { |n| puts format("2^%-3d = %8d   3^%-3d = %10d", n, 2**n, n, 3**n) }
f = 1
(1..25).each do |n|
  f *= n
  puts format("%2d! = %26d (%2d digits)", n, f, f.to_s.size) if n % 5 == 0
end
(0..20).step(5).each { |n| puts [n.to_s.rjust(3), n.to_s(2).rjust(6, "0"), n.to_s(8).rjust(3), n.to_s(16).rjust(2)].join(" | ") }
