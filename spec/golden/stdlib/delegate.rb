# SimpleDelegator and DelegateClass compiled from the installed delegate.rb
require 'delegate'
class Loud < SimpleDelegator
  def to_s = __getobj__.to_s.upcase
  def size = super + 100
end
s = Loud.new("hello")
p s.length, s.size, s.to_s, s.reverse
p s.start_with?("he"), s == "hello"
s.__setobj__("bye")
p s.length
p s.respond_to?(:upcase), s.respond_to?(:nope)
begin
  s.nope
rescue NoMethodError => e
  puts e.message[0, 22]
end

class Stack < DelegateClass(Array)
  def initialize = super([])
  def peek = last
end
st = Stack.new
st.push(1); st << 2; st.push(3)
p st.peek, st.size, st.to_a, st.map { _1 * 2 }
p st.is_a?(Stack)

class Greeter
  def greet(name, punct: "!") = "hi #{name}#{punct}"
end
g = SimpleDelegator.new(Greeter.new)
p g.greet("bob"), g.greet("amy", punct: "?")
