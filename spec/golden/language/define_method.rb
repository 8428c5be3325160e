class Widget
  %w[red green blue].each_with_index do |color, i|
    define_method("#{color}?") { @color == color }
    define_method("#{color}_index") { i }
  end
  define_method(:set) { |c, times: 1| @color = c * times; self }
  attr_reader :color
end
w = Widget.new.set("red")
p [w.red?, w.green?, w.blue?]
p Widget.new.blue_index
p Widget.new.set("ab", times: 2).color

class Counter
  count = 0
  define_method(:incr) { count += 1 }
  define_method(:count) { count }
end
a = Counter.new
b = Counter.new
a.incr; a.incr; b.incr
p a.count

klass = Class.new do
  [:x, :y].each do |n|
    define_method(n) { instance_variable_get("@#{n}") }
    define_method("#{n}=") { |v| instance_variable_set("@#{n}", v) }
  end
end
o = klass.new
o.x = 3
o.y = 4
p [o.x, o.y]
p o.respond_to?(:x=)
lam = Widget.instance_method(:red?)
p lam.arity
Widget.send(:define_method, :shout) { |s = "hi"| s.upcase }
p Widget.new.shout
p Widget.new.shout("yo")
begin
  Widget.new.set
rescue ArgumentError => e
  puts e.message
end
obj = Object.new
obj.define_singleton_method(:greet) { |n| "hi #{n}" }
p obj.greet("bob")
p obj.singleton_methods
