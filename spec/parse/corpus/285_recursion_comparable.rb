# Corpus: recursion, comparable, gsub_hash_block
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

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")
