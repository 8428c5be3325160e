# Float#to_s / inspect exactly like CRuby (shortest round-trip)
[0.1 + 0.2, 1e20, 1e16, 1e15, 1e14, 123456789.123456789, 100.0, 1.0e-5, 0.0001, 0.001, -0.0, 2.5, 1.0 / 3,
 2.0 / 3, 5e-324, 1.7976931348623157e308, 1e100, 1.23e-7, 9007199254740993.0, 1000000000000000.2].each { |x| p x }
p 1.0 / 0, -1.0 / 0, (0.0 / 0.0).to_s, 3.7 % 1, -3.7 % 1, 7.5.divmod(2), -7.5.divmod(2)
p 2.5.round, 3.5.round, -2.5.round, 2.675.round(2), 1.005.round(2), 1.15.round(1), 12345.678.round(-2)
p 2.5.round(half: :even), 2.5.round(half: :down), 3.7.floor, -3.7.floor, 3.2.ceil, -3.2.ceil, 3.99.truncate, 1.234.floor(2), 1.234.ceil(2)
p 1e20.to_i, 1.5e10.to_i, 3.7.to_i, -3.7.to_i, 10.0.to_s, 1.23456789e-300
p Float::INFINITY, Float::NAN.nan?, Float::EPSILON, Float::MAX, Float::MIN, (0.1).infinite?, (1 / 0.0).infinite?
p Math.sqrt(2), Math.cbrt(27), Math::PI, Math::E, Math.log(Math::E), Math.log(8, 2), Math.log2(1024), Math.log10(0.001)
p Math.sin(0), Math.cos(0), Math.atan2(1, 1), Math.hypot(3, 4), Math.exp(0), 10.0.fdiv(4)
begin
  Math.sqrt(-1)
rescue Math::DomainError => e
  puts "#{e.class}: #{e.message}"
end
p format("%.2f %.1f %.3e %g %g %10.4f|%-8.2f|%+.1f", 2.675, 0.35, 12345.678, 1e-5, 123456789.0, Math::PI, 2.5, 3.14)
