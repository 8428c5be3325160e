# eval / instance_eval / class_eval of strings known at compile time run in
# place: they see the caller's locals and self; bad code raises SyntaxError
# when the eval runs, not when the program is compiled.
x = 10
p eval("x + 1")
eval("x = x * 3")
p x
p eval("[x, self.to_s]")
p eval("__FILE__").end_with?("eval_constant_string.rb:9)")

class Box
  def initialize(v) = @v = v
  def peek = instance_eval("@v * 2")
end
p Box.new(7).instance_eval("@v")
p Box.new(4).peek
Box.class_eval("def triple; @v * 3; end")
p Box.new(5).triple
Box.module_eval <<~RUBY
  def label
    "box(\#{@v})"
  end
RUBY
p Box.new(9).label

def in_method(a)
  b = 2
  eval("a + b")
end
p in_method(40)

[1, 2].each { |i| p eval("i * 100") }

begin
  eval("def m; break; end")
rescue SyntaxError => e
  p e.class
  puts e.message
end
ran = false
if ran
  eval("1 +")   # never runs: no error at all
end
puts "done"
