# Corpus: endless methods
class Calc
  def initialize(v) = @v = v
  def double = @v * 2
  def add(n) = @v + n
  def self.zero = new(0)
  def even? = @v.even?
end
puts Calc.new(4).double, Calc.new(4).add(1), Calc.zero.double, Calc.new(3).even?
