# bench: idiomatic — OO dispatch without method_missing: a class hierarchy
# with super, polymorphic area/perimeter, to_s overrides, is_a? checks.
SCALE = 1

class Shape
  attr_reader :name

  def initialize(name)
    @name = name
  end

  def describe
    "#{name}: area=#{format('%.2f', area)}"
  end

  def bigger_than?(other)
    area > other.area
  end
end

class Circle < Shape
  def initialize(r)
    super("circle")
    @r = r
  end

  def area = Math::PI * @r * @r
  def perimeter = 2 * Math::PI * @r
end

class Rect < Shape
  def initialize(w, h)
    super("rect")
    @w = w
    @h = h
  end

  def area = @w * @h
  def perimeter = 2 * (@w + @h)
end

class Square < Rect
  def initialize(s)
    super(s, s)
    @name = "square"
  end
end

class Triangle < Shape
  def initialize(a, b, c)
    super("triangle")
    @a, @b, @c = a, b, c
  end

  def perimeter = @a + @b + @c

  def area
    s = perimeter / 2.0
    Math.sqrt(s * (s - @a) * (s - @b) * (s - @c))
  end
end

shapes = Array.new(1_000) do |i|
  case i % 4
  when 0 then Circle.new(1 + i % 5)
  when 1 then Rect.new(1 + i % 3, 2 + i % 4)
  when 2 then Square.new(1 + i % 6)
  else Triangle.new(3, 4, 5)
  end
end
reps = 400 * SCALE
total = 0.0
per = 0
bigger = 0
reps.times do
  shapes.each do |s|
    total += s.area
    per += s.perimeter.to_i
    bigger += 1 if s.is_a?(Rect) && s.bigger_than?(shapes[0])
  end
end
puts format("%.3f", total)
puts per
puts bigger
puts shapes.first(4).map(&:describe)
puts "ops: #{reps * shapes.size}"
