# Corpus: modules, strings
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

s = "The quick brown fox"
words = s.split
puts words.map(&:capitalize).join(" ")
puts s.gsub(/o/) { |m| m.upcase }
puts s.sub("quick", "slow").center(30, "*")
puts s.scan(/\w+/).length, s =~ /brown/, $~[0]
printf("%05.2f|%-6s|%x\n", 3.14159, "ab", 255)
puts "tab\tnew\\line \u00e9 \x41 \101"
