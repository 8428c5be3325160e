class Integer
  def double = self * 2
  def fact = (1..self).reduce(1, :*)
  def minutes = self * 60
end
class String
  def shout = upcase + "!"
  def palindrome? = (s = downcase.delete("^a-z")) == s.reverse
end
class Array
  def second = self[1]
  def sum_squares = sum { |x| x * x }
end
class Hash
  def symbolize = transform_keys(&:to_sym)
end
class NilClass
  def empty? = true
end
module Kernel
  def maybe(x) = x.nil? ? "nothing" : "just #{x}"
end
p 5.double
p 10.fact
p 3.minutes
p "hi".shout
p "A man, a plan, a canal: Panama".palindrome?
p [1, 2, 3].second
p [1, 2, 3].sum_squares
p({ "a" => 1 }.symbolize)
p nil.empty?
p maybe(nil), maybe(3)
class Integer
  def +(o) = 42
end
p 1 + 1
class Object
  def try_it(m) = respond_to?(m) ? send(m) : nil
end
p 5.try_it(:succ), 5.try_it(:nope)
