# Corpus: recursion, ensure_order, object_protocols
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

def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }

class Temperature
  attr_reader :deg
  def initialize(d) = @deg = d
  def to_s = "#{deg}°"
  def inspect = "#<Temp #{deg}>"
  def coerce(n) = [Temperature.new(n), self]
  def +(o) = Temperature.new(deg + (o.is_a?(Temperature) ? o.deg : o))
  def to_proc = ->(x) { x + deg }
end
t = Temperature.new(20)
puts t, t.inspect, (t + 5).deg, (5 + t).deg, [1, 2].map(&t).inspect
