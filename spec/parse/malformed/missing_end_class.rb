class A
  def x; end
