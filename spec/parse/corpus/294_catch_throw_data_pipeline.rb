# Corpus: catch_throw, data_pipeline, inheritance
r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each { |v| throw :found, v * 100 if v == 3 }
  end
  :none
end
puts r

Record = Struct.new(:city, :temp)
rows = <<~CSV.lines.map(&:chomp).reject(&:empty?).map { |l| l.split(",") }
  paris,12
  oslo,-3
  paris,18
  lima,22
CSV
recs = rows.map { |c, t| Record.new(c, t.to_i) }
by_city = recs.group_by(&:city).transform_values { |rs| rs.sum(&:temp).fdiv(rs.size) }
by_city.sort.each { |city, avg| puts "#{city.ljust(6)} #{'%.1f' % avg}" }
puts recs.max_by(&:temp).city, recs.count { _1.temp < 0 }

class Animal
  attr_reader :name
  def initialize(name) = @name = name
  def speak = "..."
  def to_s = "#{self.class.name.downcase} #{name}: #{speak}"
end
class Dog < Animal
  def speak = "Woof"
end
class Puppy < Dog
  def speak = super + "!"
  def initialize(name, age)
    super(name)
    @age = age
  end
end
puts Dog.new("Rex"), Puppy.new("Bit", 1), Puppy.ancestors.take(3).inspect
