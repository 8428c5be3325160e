# golden: compile-error
# instance_eval with a string (not a block) is eval of a string.
class Box
  def initialize = @v = 7
end
p Box.new.instance_eval("@v")
