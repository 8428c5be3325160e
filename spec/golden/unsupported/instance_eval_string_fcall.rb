# golden: compile-error
# instance_eval with a string and no receiver is eval of a string too (it
# used to compile and then raise a misleading ArgumentError).
class Box
  def initialize = @v = 7
  def peek(code) = instance_eval(code)
end
p Box.new.peek("@" + "v")
