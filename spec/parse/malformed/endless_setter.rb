class A
  def f=(v) = @v = v
end
p 1
