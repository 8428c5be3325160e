# Self-recursive calls take a cheap guard (the epoch the activation was
# entered at); every way of changing what `fib` means mid-recursion must
# still be seen by the very next call.

# 1. def again while the old body is recursing
$hit = false
def fib(n)
  if n == 6 && !$hit
    $hit = true
    Object.class_eval do
      def fib(n) = 1000
    end
  end
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end
p fib(10)

# 2. define_method replaces it from inside
$hit = false
def tri(n)
  if n == 3 && !$hit
    $hit = true
    Object.send(:define_method, :tri) { |k| -k }
  end
  n == 0 ? 0 : n + tri(n - 1)
end
p tri(8)
p tri(4)

# 3. a singleton method on main shadows the Object method mid-recursion
$hit = false
def cnt(n)
  if n == 2 && !$hit
    $hit = true
    def self.cnt(n) = 500
  end
  n == 0 ? 0 : 1 + cnt(n - 1)
end
p cnt(5)

# 4. undef: the next recursive call reaches method_missing
class Walker
  def method_missing(name, *args)
    "mm(#{name}, #{args.inspect})"
  end
  def respond_to_missing?(*) = true
  def walk(n)
    if n == 2
      Walker.send(:undef_method, :walk)
    end
    n == 0 ? "end" : "#{n} " + walk(n - 1).to_s
  end
end
p Walker.new.walk(4)

# 5. an alias keeps the old body; the old body's self-calls go to the new one
def gen(n) = n == 0 ? [:old] : [:old] + gen(n - 1)
alias old_gen gen
def gen(n) = [:new, n]
p old_gen(3)

# 6. a subclass override reached from the superclass body through super
class Base
  def down(n) = n == 0 ? ["base0"] : ["base#{n}"] + down(n - 1)
end
class Derived < Base
  def down(n) = ["derived#{n}"] + super
end
p Derived.new.down(2)
p Base.new.down(2)

# 7. extend on the receiver mid-recursion
module Stop
  def depth(n) = [:stopped, n]
end
class Deep
  def depth(n)
    extend(Stop) if n == 3
    n == 0 ? [:bottom] : [n] + depth(n - 1)
  end
end
p Deep.new.depth(5)

# 8. recursion through a method on another receiver of the same class
class Node
  def initialize(v, nxt) = (@v = v; @nxt = nxt)
  def sum(acc) = @nxt ? @nxt.sum(acc + @v) : acc + @v
end
list = Node.new(1, Node.new(2, Node.new(3, nil)))
p list.sum(0)
class Node
  def sum(acc) = acc * 100
end
p list.sum(0)
