# Corpus: heredoc_multi, threads, inheritance, singleton
def show(a, b) = puts(a + b)
show(<<~ONE, <<~TWO)
  first body
ONE
  second body
TWO
html = <<~HTML
  <ul>
  #{%w[a b].map { |i| "  <li>#{i}</li>" }.join("\n")}
  </ul>
HTML
puts html
q = <<~"QUOTED"
  quoted #{1 + 2}
QUOTED
puts q
x = [<<~A.upcase, "mid", <<~B.length]
  aa
A
  bbb
B
puts x.inspect

results = []
lock = Mutex.new
workers = 4.times.map do |i|
  Thread.new(i) do |n|
    v = (1..1000).sum * n
    lock.synchronize { results << v }
  end
end
workers.each(&:join)
puts results.sort.inspect
q = Queue.new
producer = Thread.new { 3.times { |i| q << i }; q << :done }
consumed = []
while (item = q.pop) != :done
  consumed << item
end
producer.join
puts consumed.inspect

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

class Config
  class << self
    def settings = @settings ||= {}
    def set(k, v) = settings[k] = v
    attr_accessor :env
  end
end
Config.set(:a, 1)
Config.env = "test"
puts Config.settings.inspect, Config.env
obj = Object.new
def obj.hello = "singleton hi"
puts obj.hello, obj.singleton_methods.inspect
