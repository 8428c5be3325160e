x = 1
p defined?(x)
p defined?(y)
p defined?(puts)
p defined?(String)
p defined?(NoSuchConst)
p defined?(@iv)
@iv = 1
p defined?(@iv)
p defined?($gvx)
$gvx = 1
p defined?($gvx)
p defined?(x = 2)
p defined?(3 + 3)
p defined?(nil), defined?(true), defined?(self)
p defined?("str".upcase)
p defined?("str".nope)
p defined?(yield)
def with_blk = defined?(yield)
p with_blk, with_blk {}
class Par; def m = 1; end
class Chi < Par
  def m = defined?(super)
  def n = defined?(super)
end
p Chi.new.m, Chi.new.n
p defined?(Comparable::Nope), defined?(Comparable)
p defined?(@@cv)
p defined?(String.new)
z = defined?(zz) ? zz : "undefined zz"
p z
p defined?([].size)
p defined?(Object::String)
