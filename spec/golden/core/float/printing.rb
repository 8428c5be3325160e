# Float printing: shortest round-trip representation
vals = [0.1 + 0.2, 1e20, 1e16, 1e15, 123456789012345.0, 1.0e-05, 0.0001, 100.0, -0.0, 0.0,
        1.0/3, 2.0/3, 10.0/3, 1e100, 1.5e-300, 5e-324, 1.7976931348623157e308, 12.5, 1e2, 1.23e-4,
        9007199254740993.0, 0.1, 3.0, -2.5, 1e22, 1e23, 123e18]
vals.each { |v| puts v; p v }
puts 1.0 / 0, -1.0 / 0, 0.0 / 0.0
p Float::INFINITY, -Float::INFINITY, Float::NAN
p Float::MAX, Float::MIN, Float::EPSILON
p 1.0.to_s, 1.5.inspect, 2.0e-7.to_s, 1e7.to_s, 1e-4.to_s
p (0.1 * 3), 0.1 * 3 == 0.3, (0.1 * 3 - 0.3).abs < Float::EPSILON
p [1.0, 2.5, -0.0]
p({f: 1.5})
puts "#{1.0} #{2.50} #{1e3}"
p 100.0.to_s, 100.0.to_i, 1e15.to_i, 1e20.to_i
