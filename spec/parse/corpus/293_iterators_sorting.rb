# Corpus: iterators, sorting, super_forms
total = 0
[1, 2, 3, 4].each_with_index do |v, i|
  total += v * i
end
puts total
puts (1..10).select(&:even?).map { |x| x * x }.sum
puts %w[a b c].each_slice(2).to_a.inspect
h = Hash.new(0)
"mississippi".each_char { |c| h[c] += 1 }
puts h.sort_by { |k, v| [-v, k] }.first(2).inspect
3.times.map { |i| i * 10 }.each { puts _1 }
puts [[1, 2], [3, 4]].map { |a, b| a * b }.inspect

people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect

class Base
  def greet(name = "x", punct: "!") = "hi #{name}#{punct}"
end
class Child < Base
  def greet(name = "c", punct: "?")
    [super, super(), super("z"), super(name, punct: ".")].join(" | ")
  end
end
puts Child.new.greet("q")
