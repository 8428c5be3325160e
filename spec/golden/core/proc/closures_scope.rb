# closures capture variables (not values); blocks see and modify outer locals; scope gates
x = 10
add_x = ->(n) { n + x }
x = 20
p add_x.(1)
counter = 0
incr = proc { counter += 1 }
3.times { incr.call }
p counter
procs = []
3.times { |i| procs << -> { i * 100 } }
p procs.map(&:call)
shared = []
adders = [1, 2, 3].map { |k| ->(v) { shared << k; v + k } }
p adders.map { |f| f.(10) }, shared
def scope_gate
  defined?(x) ? :sees_outer : :no_outer
end
p scope_gate
y = 1
[1, 2].each { |v; y| y = v * 50 }
p y
z = 5
blk = proc { |z| z * 2 }
p blk.call(7), z
def make_acc(total = 0)
  ->(amount) { total += amount }
end
acc = make_acc(100)
acc.(10)
p acc.(5)
acc2 = make_acc
p acc2.(1), acc.(0)
class Counter
  def initialize = @count = 0
  def incrementer = proc { @count += 1 }
  attr_reader :count
end
c = Counter.new
inc = c.incrementer
5.times(&inc)
p c.count
define_method_counter = Class.new do
  total = 0
  define_method(:bump) { total += 1 }
  define_method(:total) { total }
end
a1 = define_method_counter.new
a2 = define_method_counter.new
a1.bump
a2.bump
p a1.total
gen = Enumerator.new { |yy| n = 0; loop { yy << (n += 1) } }
p gen.take(3), gen.take(3)
b = binding
q = 42
p b.local_variable_get(:q), b.local_variable_defined?(:zz), b.local_variables.include?(:q)
if true
  inner_if = :visible
end
p inner_if
[1].each { block_local = 1 }
p defined?(block_local)
