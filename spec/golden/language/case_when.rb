def classify(x)
  case x
  when nil then "nil"
  when 0 then "zero"
  when 1, 2, 3 then "small"
  when 4..9 then "medium"
  when Integer then "big int"
  when Float then "float"
  when /\A\d+\z/ then "numeric string"
  when String, Symbol then "stringish"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  else "unknown"
  end
end
[nil, 0, 2, 5, 100, 1.5, "123", "abc", :s, [1], Object.new].each { |v| puts classify(v) }
EVENS = [2, 4, 6]
def check(n)
  case n
  when *EVENS then "listed even"
  when *[1, 3], 5 then "listed odd"
  else "unlisted"
  end
end
p [check(4), check(3), check(5), check(7)]
v = 7
r = case
    when v < 5 then :lt5
    when v < 10 then :lt10
    else :big
    end
p r
p (case 1 when 2 then :no end)
s = "hello"
case s
when "hi", "hello"
  puts "greeting"
end
case 5
when Integer, Float
  puts "number"
end
t = case [1, 2]
    when Array then "array of #{[1, 2].size}"
    end
p t
class Matcher
  def self.===(o) = o.to_s.size == 3
end
case :abc
when Matcher then puts "matched by ==="
end
x = 15
msg = case
      when x % 15 == 0 then "FizzBuzz"
      when x % 3 == 0 then "Fizz"
      end
p msg
