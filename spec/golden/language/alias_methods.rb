class Str
  def initialize(s) = @s = s
  def to_s = @s
  alias to_str to_s
  alias_method :value, :to_s
  def shout = @s.upcase
  alias loud shout
  def shout = "changed"
end
s = Str.new("abc")
p s.to_str
p s.value
p s.loud
p s.shout
class Integer
  alias_method :plus, :+
end
p 3.plus(4)
class Array
  alias my_size size
end
p [1, 2, 3].my_size
$old = 1
alias $new $old
p $new
$new = 5
p $old
module Greet
  def hi = "hi"
  alias hello hi
end
class G; include Greet; end
p G.new.hello
p G.instance_method(:hello).name
p G.instance_method(:hello).original_name
