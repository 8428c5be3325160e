class Shape
  def area = 0
  def describe = "#{self.class.name.downcase} with area #{area}"
  def <=>(o) = area <=> o.area
  include Comparable
end
class Square < Shape
  def initialize(s) = @s = s
  def area = @s * @s
end
class Circle < Shape
  def initialize(r) = @r = r
  def area = (3.14159 * @r * @r).round(2)
end
class Square
  def perimeter = 4 * @s
end
shapes = [Square.new(3), Circle.new(1), Square.new(1)]
shapes.sort.each { |s| puts s.describe }
p Square.new(2).perimeter
p shapes.max.class, Square.new(2) > Circle.new(1)
p Square.superclass, Square.superclass.superclass, Square.ancestors.include?(Comparable)
p Square.instance_methods(false).sort
p Shape.method_defined?(:perimeter), Square.method_defined?(:perimeter)
class Shape
  def name = self.class.name
end
p Circle.new(2).name
p Square.new(1).is_a?(Shape), Shape.new.is_a?(Square)
p Square <= Shape, Shape <= Square, Square < Square, Square <= Square
p Class.superclass, Module.superclass, Square.class
