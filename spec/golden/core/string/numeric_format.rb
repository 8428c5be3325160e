# number <-> string formatting commonly used in reports
nums = [0, 7, -7, 1234567, 3.14159, -0.5, 1e-7, 123456789.123, 2**70]
nums.each do |n|
  puts [n.to_s, n.inspect, format("%10.3f", n), format("%-12e|", n), format("%+g", n), n.to_s.rjust(12, "0")].join(" ; ")
end
p 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
p 1234567.89.round(1).to_s, 1234567.89.floor.digits.each_slice(3).map(&:join).join(",").reverse
p 0.1.to_s, 0.5.to_s, 1.0.to_s, 1.23e+30.to_s, 1e-5.to_s, 123.0e-2.to_s
p 12.to_s.rjust(5, "0"), "%05d" % 12, "%.3d" % 7, "%+05d" % 3, "% 5d" % 42, "%-5d|" % 42
p "%08.3f" % -3.14159, "%.0f" % 2.5, "%.0f" % 3.5, "%.1f" % 0.05, "%.2f" % 1.005, "%.15g" % 0.1
p "%s" % 1.0, "%d%%" % 50, "%c" % "hello", "%5.1s|" % "abc", "%#o" % 0, "%#x" % 0
p 255.to_s(2).rjust(10, "0"), "%010b" % 255, "%o" % 64, "%X" % 48879, "%e" % 0, "%g" % 1e16, "%g" % 123456789
