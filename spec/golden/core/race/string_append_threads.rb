# 8 threads append to one String 10,000 times each: String#<< is atomic,
# so the byte length is exact and the encoding stays consistent (a
# multibyte character is never split).
# golden: ruby31
s = +""
threads = 8.times.map do |t|
  Thread.new { 10_000.times { |i| s << (i.even? ? "ab" : "\u00e9") } }
end
threads.each(&:join)
puts s.bytesize, s.size, s.valid_encoding?, s.encoding
puts s.count("a"), s.count("\u00e9")
# concat / prepend / insert each add their bytes exactly once
u = +"x"
4.times.map { Thread.new { 2_000.times { u.concat("12"); u.prepend("3"); u.insert(1, "4") } } }.each(&:join)
puts u.bytesize, u.count("1"), u.count("3"), u.count("4")
