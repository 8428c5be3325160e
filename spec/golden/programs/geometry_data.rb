# Geometry with Data.define value objects, pattern matching, polymorphism and sorting
Point = Data.define(:x, :y) do
  def +(o) = Point.new(x + o.x, y + o.y)
  def -(o) = Point.new(x - o.x, y - o.y)
  def dist(o) = Math.sqrt((x - o.x)**2 + (y - o.y)**2)
  def to_s = "(#{x}, #{y})"
end

Circle = Data.define(:center, :r) do
  def area = Math::PI * r * r
  def perimeter = 2 * Math::PI * r
  def contains?(p) = center.dist(p) <= r
end

Rect = Data.define(:origin, :w, :h) do
  def area = w * h
  def perimeter = 2 * (w + h)
  def contains?(p) = p.x.between?(origin.x, origin.x + w) && p.y.between?(origin.y, origin.y + h)
  def square? = w == h
end

Polygon = Data.define(:points) do
  def area
    pts = points + [points.first]
    pts.each_cons(2).sum { |a, b| a.x * b.y - b.x * a.y }.abs / 2.0
  end

  def perimeter
    (points + [points.first]).each_cons(2).sum { |a, b| a.dist(b) }
  end

  def contains?(p)
    inside = false
    points.each_with_index do |a, i|
      b = points[i - 1]
      if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y).fdiv(b.y - a.y) + a.x
        inside = !inside
      end
    end
    inside
  end
end

def describe(shape)
  case shape
  in Circle[center: Point[x: 0, y: 0], r:] then "circle at origin r=#{r}"
  in Circle[center:, r:] then "circle at #{center} r=#{r}"
  in Rect[w:, h:] if w == h then "square #{w}x#{h}"
  in Rect[origin:, w:, h:] then "rect #{w}x#{h} at #{origin}"
  in Polygon[points: [_, _, _]] then "triangle"
  in Polygon[points:] then "#{points.size}-gon"
  end
end

o = Point.new(0, 0)
shapes = [
  Circle.new(o, 1),
  Circle.new(center: Point.new(3, 4), r: 2.5),
  Rect.new(Point.new(1, 1), 4, 4),
  Rect.new(origin: Point.new(-2, 0), w: 3, h: 1),
  Polygon.new([Point.new(0, 0), Point.new(4, 0), Point.new(0, 3)]),
  Polygon.new([Point.new(0, 0), Point.new(5, 0), Point.new(6, 4), Point.new(1, 5), Point.new(-1, 2)]),
]
shapes.each do |s|
  puts format("%-28s area=%8.3f perimeter=%8.3f", describe(s), s.area, s.perimeter)
end
probe = [Point.new(0, 0), Point.new(2, 2), Point.new(3, 4), Point.new(1, 1), Point.new(-1, 0.5)]
probe.each do |pt|
  hits = shapes.each_index.select { |i| shapes[i].contains?(pt) }
  puts "#{pt} inside shapes #{hits}"
end
p shapes.max_by(&:area).class, shapes.sort_by(&:perimeter).map { |s| s.class.name[0] }.join, shapes.sum(&:area).round(4)
p shapes.group_by(&:class).transform_keys(&:name).transform_values(&:size)
a = Point.new(1, 2)
b = Point.new(x: 1, y: 2)
p a == b, a.eql?(b), a.hash == b.hash, a + b, a - b, a.dist(Point.new(4, 6)), a.to_h, a.with(y: 9)
p({a => "pt"}[b])
p a.inspect, Circle.new(a, 2).inspect
begin
  Point.new(1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  a.instance_variable_set(:@x, 5)
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
p Point.members, Circle.members, a.frozen?, Rect.new(o, 2, 2).square?
hull_pts = [[0, 0], [2, 1], [4, 0], [3, 2], [4, 4], [2, 3], [0, 4], [1, 2], [2, 2]].map { |x, y| Point.new(x, y) }
def cross(o, a, b) = (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
def hull(pts)
  pts = pts.sort_by { |p| [p.x, p.y] }
  lower = []
  pts.each { |p| lower.pop while lower.size >= 2 && cross(lower[-2], lower[-1], p) <= 0; lower << p }
  upper = []
  pts.reverse_each { |p| upper.pop while upper.size >= 2 && cross(upper[-2], upper[-1], p) <= 0; upper << p }
  lower[0...-1] + upper[0...-1]
end
h = hull(hull_pts)
puts h.map(&:to_s).join(" ")
p Polygon.new(h).area
