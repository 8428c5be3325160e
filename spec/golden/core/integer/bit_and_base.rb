# base conversion round trips and bit manipulation
[0, 1, 7, 8, 255, 256, 1000, 65535, -1, -256].each do |n|
  puts [n, n.to_s(2), n.to_s(8), n.to_s(16), n.to_s(36)].join(" ")
end
%w[0 1010 ff 777 zz -1f].each do |s|
  p [s, s.to_i(16), s.to_i(36)]
end
def popcount(n)
  c = 0
  while n > 0
    c += n & 1
    n >>= 1
  end
  c
end
p (0..16).map { |i| popcount(i) }
p 0b1010 ^ 0b0110, 0o17, 0xff, 1e3.to_i
p (1 << 40) - 1
p 0xdeadbeef.to_s(2).count("1")
p [1, 2, 3].map { |x| x << 4 }
p -1 >> 10, -1 << 3
p 7.digits(2)
p 2.to_s(2).rjust(8, "0")
mask = 0
[1, 3, 5].each { |b| mask |= 1 << b }
p mask, (0..7).select { |b| mask[b] == 1 }
