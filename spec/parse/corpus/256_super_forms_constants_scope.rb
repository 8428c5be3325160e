# Corpus: super_forms, constants_scope
class Base
  def greet(name = "x", punct: "!") = "hi #{name}#{punct}"
end
class Child < Base
  def greet(name = "c", punct: "?")
    [super, super(), super("z"), super(name, punct: ".")].join(" | ")
  end
end
puts Child.new.greet("q")

module Outer
  LIMIT = 10
  class Inner
    def limit = LIMIT
    def top = ::TOP_LEVEL
  end
end
TOP_LEVEL = :top
puts Outer::Inner.new.limit, Outer::Inner.new.top, Outer::LIMIT, Outer.const_get(:LIMIT)
