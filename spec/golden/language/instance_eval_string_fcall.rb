# instance_eval with a string and no receiver is an eval of a string on
# self (it used to compile and then raise a misleading ArgumentError).
# A string known only at run time that names an instance variable is
# evaluated at run time (the one form that needs no compiler).
class Box
  def initialize = @v = 7
  def peek(code) = instance_eval(code)
end
p Box.new.peek("@" + "v")
