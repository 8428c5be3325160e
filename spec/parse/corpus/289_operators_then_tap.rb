# Corpus: operators, then_tap, pattern_matching, exceptions
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

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ

def describe(v)
  case v
  in Integer => n if n > 100 then "big #{n}"
  in Integer | Float => n then "num #{n}"
  in [] then "empty"
  in [x] then "one #{x}"
  in [x, *rest] then "many #{x} #{rest.size}"
  in {name: String => nm, age: Integer => age} then "#{nm}/#{age}"
  in {type: :circle, r:} then "circle #{r}"
  else "?"
  end
end
puts describe(500), describe(2.5), describe([]), describe([1]), describe([1, 2, 3])
puts describe({name: "Al", age: 3}), describe({type: :circle, r: 2}), describe("x")
config = {db: {user: "admin", port: 5432}}
config => {db: {user:}}
puts user
puts((1 in Integer))

class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end
