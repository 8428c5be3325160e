# Corpus: modules, conditionals
module Greeter
  DEFAULT = "Hello"
  def self.greet(name, greeting: DEFAULT) = "#{greeting}, #{name}!"
  module Loud
    def shout(s) = s.upcase + "!"
  end
end
include Greeter::Loud
puts Greeter.greet("Ann"), Greeter.greet("Bob", greeting: "Hi")
puts shout("hey")
puts Greeter::DEFAULT.length

x = 15
puts "fizzbuzz" if x % 15 == 0
puts "not ten" unless x == 10
result = if x > 10 then "big" elsif x > 5 then "mid" else "small" end
puts result
msg = unless x.odd? then "even" else "odd" end
puts msg
puts (x > 10 && x < 20) ? "teen" : "no"
puts [1, nil, false, 0, ""].map { |v| v ? "t" : "f" }.join
