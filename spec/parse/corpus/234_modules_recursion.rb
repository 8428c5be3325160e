# Corpus: modules, recursion
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

def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
def fact(n) = (1..n).reduce(1, :*)
def hanoi(n, from, to, via, moves = [])
  return moves if n.zero?
  hanoi(n - 1, from, via, to, moves)
  moves << [from, to]
  hanoi(n - 1, via, to, from, moves)
end
puts fib(15), fact(20), fact(25), hanoi(3, :a, :c, :b).size
def flatten_deep(a) = a.each_with_object([]) { |e, acc| e.is_a?(Array) ? acc.concat(flatten_deep(e)) : acc << e }
puts flatten_deep([1, [2, [3, [4]]]]).inspect
