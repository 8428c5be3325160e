# bench: idiomatic — Struct value objects: Struct.new with a method block,
# member readers and writers, keyword_init Struct, ==, to_a, sort_by.
SCALE = 1

Point = Struct.new(:x, :y) do
  def +(other)
    Point.new(x + other.x, y + other.y)
  end

  def dist2
    x * x + y * y
  end
end

Particle = Struct.new(:pos, :vel, :mass, keyword_init: true)

particles = Array.new(200) do |i|
  Particle.new(pos: Point.new(i, i * 2 % 17), vel: Point.new(i % 3 - 1, i % 5 - 2), mass: i % 7 + 1)
end

steps = 2_000 * SCALE
steps.times do
  particles.each do |p|
    p.pos = p.pos + p.vel
    if p.pos.dist2 > 1_000_000
      p.vel = Point.new(-p.vel.x, -p.vel.y)
    end
  end
end
far = particles.sort_by { |p| [-p.pos.dist2, p.mass] }.first(3)
far.each { |p| puts "#{p.pos.to_a.inspect} m=#{p.mass}" }
puts particles.sum { |p| p.pos.x * p.mass }
puts particles.count { |p| p.pos == Point.new(0, 0) }
puts "ops: #{steps * particles.size}"
