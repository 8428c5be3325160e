class Foo
  def bar(a, b = 
