class A
  def pub = priv
  def call_self_priv = self.priv
  def setter_via_self = (self.val = 3; @val)
  private
  def priv = :private_ok
  attr_writer :val
end
a = A.new
p a.pub, a.call_self_priv, a.setter_via_self
begin
  a.priv
rescue NoMethodError => e
  puts e.message
end
class B < A
  def uses_parent_priv = priv
  public :priv
end
p B.new.uses_parent_priv, B.new.priv
p A.new.respond_to?(:priv), B.new.respond_to?(:priv)
class C
  private attr_accessor :secret
  def initialize = self.secret = 5
  def reveal = secret
end
p C.new.reveal
begin
  C.new.secret
rescue NoMethodError => e
  puts e.message
end
module Helpers
  private
  def helper = :helped
end
class D
  include Helpers
  def go = helper
end
p D.new.go
p D.private_method_defined?(:helper)
