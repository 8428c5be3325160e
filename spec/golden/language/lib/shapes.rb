require_relative "geometry_helpers"
module Shapes
  class Shape
    include GeometryHelpers
    def area = raise(NotImplementedError, "#{self.class.name}#area")
    def to_s = "#{self.class.name.split('::').last}(#{format_num(area)})"
  end
  class Circle < Shape
    def initialize(r) = @r = r
    def area = 3 * @r * @r
  end
  class Rect < Shape
    def initialize(w, h) = (@w, @h = w, h)
    def area = @w * @h
  end
end
LOADED_SHAPES = true
helper_local = 5
