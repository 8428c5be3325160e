# Corpus: operators, case_when, proc_arity
a = 7
b = 3
puts a / b, a % b, a ** b, -a ** 2, a.fdiv(b).round(3), a <=> b, a & b, a | b, a ^ b, ~a, a << 2, a >> 1
puts !true, (not false), (a > b and b > 0), (a < b or b == 3)
c = nil
c ||= 10
c &&= c + 1
c += 1
c -= 2
c *= 3
c /= 2
c **= 2
puts c
puts 10.divmod(3).inspect, (-7).abs, 2**100, 0x1F + 0b11 + 0o7 + 1_000

def classify(x)
  case x
  when Integer, Float then "number"
  when /^\d+$/ then "digits"
  when String, Symbol then "text"
  when nil then "nil"
  when 1..5 then "unreachable"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  else "other"
  end
end
puts classify(1), classify("12"), classify("ab"), classify(nil), classify([1]), classify(Object.new)

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end
