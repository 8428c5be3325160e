# Corpus: catch_throw, super_forms
r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each { |v| throw :found, v * 100 if v == 3 }
  end
  :none
end
puts r

class Base
  def greet(name = "x", punct: "!") = "hi #{name}#{punct}"
end
class Child < Base
  def greet(name = "c", punct: "?")
    [super, super(), super("z"), super(name, punct: ".")].join(" | ")
  end
end
puts Child.new.greet("q")
