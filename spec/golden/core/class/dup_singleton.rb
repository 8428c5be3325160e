# Class#dup copies the singleton class (class methods, extended modules)
# and refuses BasicObject
klass = Class.new do
  def hello = "hello"
  def self.message = "text"
end
d = klass.dup
p d.new.hello, d.message
mod = Module.new { def hi = "hi" }
k2 = Class.new
k2.extend(mod)
p k2.dup.hi
sup = Class.new { def self.m = "m" }
p Class.new(sup).dup.m
def klass.only_orig = 1
p d.respond_to?(:only_orig)
begin; BasicObject.dup; rescue TypeError => e; p e.message; end
p d.name
DupNamed = klass.dup
p DupNamed.name
