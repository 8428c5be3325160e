# Corpus: freeze_dup, proc_arity, string_builder, ternary_chain
# frozen_string_literal: false
s = "abc"
t = s.dup
t << "d"
puts s, t, s.frozen?
FROZEN = %w[x y].freeze
puts FROZEN.frozen?
begin
  FROZEN << "z"
rescue => e
  puts e.class
end

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end

buf = +""
buf << "a" << "b"
buf.concat("c", "d")
buf.prepend(">")
buf.insert(1, "_")
puts buf, buf.length, buf.reverse, buf.include?("bc"), buf.index("c")
puts "abc" * 3, "a-b-c".split("-", 2).inspect, "Hello World".swapcase, "ab\n".chomp + "!"
puts "%.3e" % 12345.678, 10.0 / 3, 1e10.to_i, 2.5.truncate, 1.0 / 0, -0.0

def grade(score) = score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : "F"
puts [95, 85, 72, 10].map { grade(_1) }.join
x = 5
puts x > 3 ? (x.even? ? "big even" : "big odd") : "small"
