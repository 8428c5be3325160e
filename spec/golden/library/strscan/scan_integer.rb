# StringScanner#scan_integer (strscan 3.1.2 as Ruby 3.4.1 ships it: base 10/16,
# signs, 0x, errors; the last Regexp match's named groups survive it) and
# s[:name] after a match without a Regexp (getch) is nil.
require 'strscan'
s = StringScanner.new("42abc")
p s.scan_integer, s.pos, s.matched?
p StringScanner.new("a42").scan_integer, StringScanner.new("+42").scan_integer, StringScanner.new("-42").scan_integer
p StringScanner.new("0xff").scan_integer(base: 16), StringScanner.new("-0xFF").scan_integer(base: 16), StringScanner.new("ff").scan_integer(base: 16)
p StringScanner.new("0x").scan_integer(base: 16), StringScanner.new("-").scan_integer, StringScanner.new("").scan_integer
p StringScanner.new("123456789012345678901234567890").scan_integer
begin; StringScanner.new("42").scan_integer(base: 5); rescue ArgumentError => e; p e.message; end
begin; StringScanner.new("42".encode("UTF-16BE")).scan_integer; rescue => e; p e.class, e.message; end
s = StringScanner.new("42")
s.scan_integer
p s[:a]
s = StringScanner.new("a42")
s.scan_integer
p s.matched?, s[:a]
s = StringScanner.new("42")
s.exist?(/(?<a>42)/)
s.scan_integer
p s.matched?, s[:a]
s = StringScanner.new("This is")
s.exist?(/(?<a>This)/)
p s[:a]
s.getch
p s.matched?, s[:a], s[0]
