# Inline Array#each (codegen/inline_each.c) in class bodies, singleton and module
# methods, with constants, ivars, globals, yield (not inlined), defined?
class K
  C = 5
  [1, 2].each { |x| p x + C }
  def m(a)
    @acc = []
    a.each { |x| @acc << x * C; @acc << __LINE__ }
    @acc
  end
  def self.s(a)
    a.each { |x| p [x, self, C] }
  end
end
p K.new.m([1, 2])
K.s([3])
module M
  D = 7
  def self.t(a) = a.each { |x| p x * D }
end
M.t([1])
def outer(a)
  r = a.each { |x| p(defined?(x)) }
  p r
  x = 1
  a.each { |y| x += y }
  x
end
p outer([1, 2])
def uses_yield(a)
  a.each { |x| yield x }
end
uses_yield([9]) { |v| p v }
begin
  [1].each { |x| x.nope }
rescue NoMethodError => e
  puts e.message, e.backtrace.first(3).map { |l| l.sub(/^.*\//, "") }
end
$g = 0
[1, 2, 3].each { |v| $g += v }
p $g
h = {a: 1}
[[:a, 2]].each { |pair| h[pair[0]] += pair[1] }
p h
