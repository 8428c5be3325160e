# Corpus: gsub_hash_block, ranges, inheritance
puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")

r = (1..10)
puts r.step(3).to_a.inspect, (1...10).size, ('a'..'e').to_a.join
puts (1..).first(3).inspect
arr = (0..9).to_a
puts arr[2..4].inspect, arr[..2].inspect, arr[7..].inspect, arr[-3..-1].sum
puts r.include?(5), (1.0..2.0).cover?(1.5)

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
