class Score
  def initialize(v) = @v = v
  def better_than?(o) = v > o.v
  def same?(o) = o.v == v
  protected
  def v = @v
end
a, b = Score.new(5), Score.new(3)
p a.better_than?(b), b.better_than?(a), a.same?(Score.new(5))
begin
  a.v
rescue NoMethodError => e
  puts e.message
end
class SubScore < Score
  def peek(o) = o.v
end
p SubScore.new(1).peek(Score.new(9))
p Score.protected_instance_methods
p a.respond_to?(:v)
