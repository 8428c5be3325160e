# Corpus: inheritance, private_def, each_cons_zip
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

class Tool
  private def helper = "secret"
  def use = helper.upcase
  private attr_reader :internal rescue nil
end
puts Tool.new.use, Tool.private_instance_methods(false).include?(:helper)

nums = [3, 1, 4, 1, 5, 9, 2, 6]
puts nums.each_cons(3).map { |a, b, c| a + b + c }.max
puts nums.zip(nums.rotate).map { |a, b| a - b }.inspect
puts nums.group_by(&:odd?).inspect
puts nums.chunk_while { |a, b| b == a + 1 }.to_a.inspect
puts nums.tally.select { |_, c| c > 1 }.keys.inspect
puts nums.minmax.inspect, nums.sum.fdiv(nums.size)
