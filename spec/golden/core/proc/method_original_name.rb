# Method#original_name and #inspect through aliases and define_method(name, method):
# '#renamed(original)' and the original's parameters.
p Object.new.method(:kind_of?).original_name, Object.new.method(:is_a?).original_name
class Foo; def original_method; end; alias_method :renamed_method, :original_method; end
p Foo.new.method(:renamed_method).original_name, Foo.new.method(:renamed_method).name
k = Class.new { define_method(:renamed_is_a?, ::Kernel.instance_method(:is_a?)); alias_method :again, :renamed_is_a? }
p k.new.method(:renamed_is_a?).original_name, k.new.method(:again).original_name
src = Class.new { def my_method; end }
k2 = Class.new(src) { define_method(:renamed, src.instance_method(:my_method)); alias aliased renamed }
p k2.new.method(:renamed).original_name, k2.new.method(:aliased).original_name
p [1].method(:map).inspect, Foo.new.method(:renamed_method).inspect.sub(/ \S+:\d+>/, ">")
p Foo.instance_method(:renamed_method).inspect.sub(/ \S+:\d+>/, ">")
p k.new.method(:renamed_is_a?).inspect.sub(/0x\h+/, "X"), k.new.method(:again).inspect.sub(/0x\h+/, "X")
p Object.new.method(:kind_of?).inspect, 1.method(:+).unbind.inspect
