# Corpus: super forms
class Base
  def greet(name = "x", punct: "!") = "hi #{name}#{punct}"
end
class Child < Base
  def greet(name = "c", punct: "?")
    [super, super(), super("z"), super(name, punct: ".")].join(" | ")
  end
end
puts Child.new.greet("q")
