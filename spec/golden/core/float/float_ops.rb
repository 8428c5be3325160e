# Float predicates, comparisons, conversions
p 1.5.nan?, (0.0 / 0).nan?, (1 / 0.0).infinite?, (-1 / 0.0).infinite?, 1.0.infinite?, 1.0.finite?
p 3.0 == 3, 3.0.eql?(3), 3.0.eql?(3.0), 0.0 == -0.0
p 1.5 <=> 2, 2.0 <=> 1, (0.0 / 0 <=> 1)
p 2.5.abs, -2.5.abs, -0.0.abs
p 1.5.to_r rescue p :r
p 3.7 % 1, -3.7 % 1
p 1.0.next_float > 1.0, 1.0.prev_float < 1.0
p 10.0.to_s, 10.25.to_s, "%.3f" % 10.25
p [3.2, 1.5, 2.8].sort, [3.2, 1.5, 2.8].max, [3.2, 1.5, 2.8].sum, [0.1, 0.2, 0.3].sum
p [0.1] * 3, ([0.1] * 10).sum, ([0.1] * 10).inject(:+)
p 1e308 * 10, -1e308 * 10
p 2.0.zero?, 0.0.zero?, -1.5.negative?, 1.5.positive?
p 7.0.floor / 2
x = 1.23456789
p x.round(3) == 1.235
p Float("  2.5  "), "2.5e2".to_f, ".5".to_f, "5.".to_f
p 1.1 + 2.2, 3.3 * 3, 1.0 - 0.9, 100.0 / 3.0
p 1.0.hash == 1.0.hash
p 12.34.divmod(5)
p 2 * 0.5, 2 + 0.5, 2 - 0.5, 2 / 0.5
