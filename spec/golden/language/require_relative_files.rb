require_relative "lib/shapes"
p require_relative("lib/shapes")
require_relative "lib/geometry_helpers"
shapes = [Shapes::Circle.new(10), Shapes::Rect.new(300, 400)]
shapes.each { |s| puts s }
p LOADED_SHAPES
p defined?(helper_local)
begin
  Shapes::Shape.new.area
rescue NotImplementedError => e
  puts e.message
end
p Shapes::Rect.ancestors.include?(GeometryHelpers)
