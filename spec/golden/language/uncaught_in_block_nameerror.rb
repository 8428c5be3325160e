# NameError for an undefined constant inside a block inside a method.
module Shapes
  class Circle
    def initialize(r) @r = r end
    def area() 3 * @r * @r end
  end

  def self.build(kinds)
    kinds.map do |k|
      case k
      when :circle then Circle.new(1)
      else Square.new(2)
      end
    end
  end
end

p Shapes.build([:circle]).map(&:area)
Shapes.build([:circle, :square])
