# float summation: Array#sum uses compensated (Kahan-Babuska) summation, inject(:+) does not
xs = [0.1] * 10
p xs.sum, xs.inject(:+), xs.sum == 1.0, xs.inject(:+) == 1.0
ys = [1e100, 1.0, -1e100]
p ys.sum, ys.inject(:+)
zs = [3.0, 1e16, -1e16]
p zs.sum, zs.inject(:+)
p [0.1, 0.2, 0.3].sum, [0.1, 0.2, 0.3].inject(:+), (1..10).sum { 0.1 }, (1..10).map { 0.1 }.sum
p [1, 0.1, 0.2].sum, [0.1, 1, 0.2].sum, [1r, 0.5].sum rescue p $!.class
p 0.1 + 0.2 + 0.3, [0.5, 0.25, 0.125].sum, [1e-20, 1.0, -1.0].sum, [Float::INFINITY, 1.0].sum, [Float::NAN, 1.0].sum.nan?
avg = [2.5, 3.5, 4.75].sum / 3
p avg, avg.round(3), [1.1, 2.2, 3.3].sum.round(10), [1.1, 2.2, 3.3].sum
p (0...1000).sum { |i| i * 0.001 }, (0...1000).inject(0.0) { |s, i| s + i * 0.001 }
