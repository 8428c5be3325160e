# bench: idiomatic — number formatting: format with %d %05.2f %x %e, Float#round,
# Integer#digits, to_s(2), rjust, String#% with an Array, thousands separators
# with gsub and a Regexp.
SCALE = 1

def with_commas(n)
  n.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
end

reps = 40_000 * SCALE
bytes = 0
last = nil
reps.times do |i|
  f = i * 1.37
  s = format("%6d|%08.2f|%x|%.3e|", i, f, i * 31, f * 1000)
  s << "%s=%-5s|" % ["k#{i % 9}", (i % 100).to_s(2)]
  s << with_commas(i * 12_345)
  s << "|#{f.round(1)}|#{i.digits.sum}"
  bytes += s.bytesize
  last = s
end
puts bytes
puts last
puts "ops: #{reps}"
