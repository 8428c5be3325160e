# Corpus: string formatting
puts format("%-10s|%5d|%08.3f", "name", 42, 3.14159)
puts "%s and %p" % ["str", "str"]
puts 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
puts 255.to_s(2), "ff".hex, "0b101".to_i(0), 3.7.floor, 3.2.ceil, -3.5.round
puts "abc".succ, "az".next, "a".ord, 98.chr, "hello world".tr('lo', 'xy')
puts "  trim  ".strip.length, "x".ljust(3, ".") + "|", "Hello"[1..3], "Hello"[-1]
