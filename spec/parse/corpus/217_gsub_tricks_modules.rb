# Corpus: gsub_tricks, modules, comparable_sort, exceptions
template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join

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

Card = Struct.new(:rank, :suit) do
  include Comparable
  RANKS = %w[2 3 4 5 6 7 8 9 10 J Q K A].freeze
  def <=>(o) = RANKS.index(rank) <=> RANKS.index(o.rank)
  def to_s = "#{rank}#{suit}"
end
hand = [Card.new("K", "h"), Card.new("3", "s"), Card.new("A", "d")]
puts hand.sort.join(" "), hand.max.to_s, hand.min_by(&:itself)

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
