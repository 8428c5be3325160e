# format / sprintf / printf directives
puts format("%d", 42)
puts format("%5d|%-5d|%05d", 42, 42, 42)
puts format("%+d % d", 5, 5)
puts format("%x %X %o %b %B", 255, 255, 8, 5, 5)
puts format("%#x %#o %#b", 255, 8, 5)
puts format("%08.3f", 3.14159)
puts format("%.2f %.0f %.10f", 2.675, 0.5, 1.0/3)
puts format("%e %E", 12345.678, 0.000123)
puts format("%g %g %g %g", 100000, 1000000, 0.0001, 0.00001)
puts format("%10.4g|", 3.14159265)
puts format("%s and %s", "a", :b)
puts format("%p %p", "a", nil)
puts format("%-10s|%10s|", "left", "right")
puts format("%.3s", "abcdef")
puts format("%c%c", 65, "z")
puts format("%%")
puts format("%<a>d-%<b>s", a: 1, b: "two")
puts format("%{a}-%{b}", a: 1, b: "two")
puts format("%<f>.2f", f: 1.005)
puts format("%*d|%-*d|", 6, 1, 6, 2)
puts format("%d", -0)
puts format("%x", -255)
puts format("%b", -5)
puts format("%+x", -255)
puts format("%d", 123456789012345678901234567890)
puts format("%x", 2**70)
puts format("%f", 1e20)
puts format("%.3e", 0.0)
puts format("%s", [1, 2])
puts format("%05s|", "ab")
puts format("%-+6d|", 7)
puts format("%3$s %1$s %2$s", "a", "b", "c")
puts "%s=%d" % ["x", 5]
puts "%05.1f" % 2.345
puts "%s" % nil
puts "%p" % [nil]
puts sprintf("%.2e", 123456)
printf("%s-%s\n", 1, 2)
$stdout.printf("%4.1f\n", 9.87)
puts format("%i", 7)
puts format("%u", 8)
begin
  format("%d", "abc")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  format("%d %d", 1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
puts format("%d", 3.99)
puts format("%d", "0x1f".hex)
puts format("%.1f %.1f %.1f %.1f", 0.25, 0.35, 1.45, -0.05)
puts format("%10.3e|", -1234.5)
puts format("%G", 1.0e-10)
