# Corpus: inheritance
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
