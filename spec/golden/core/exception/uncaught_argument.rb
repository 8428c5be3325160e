# wrong number of arguments (ArgumentError) uncaught
class Calc
  def add(a, b)
    a + b
  end
end
c = Calc.new
puts c.add(1, 2)
puts c.add(1)
