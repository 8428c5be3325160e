# Typed method entries: redefinitions before and during a typed recursion.

def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
def h(n) = n == 0 ? nil : h(n - 1) + h(n - 1)
p fib(15)

# 1. user code runs inside the typed body (nil + nil reaches
#    NilClass#method_missing) and redefines h: the very next self call
#    must reach the new h
$hit = 0
class NilClass
  def method_missing(name, *args)
    $hit += 1
    if $hit == 1
      Object.class_eval do
        def h(n) = 1000
      end
    end
    [name, args.size].hash.is_a?(Integer) ? 7 : 0
  end
  def respond_to_missing?(*) = true
end
p h(3)
p $hit
p h(3)

# 2. ... and redefines Integer#+ mid-recursion
$hit = 0
def g(n) = n == 0 ? nil : g(n - 1) + g(n - 1) + 1
class NilClass
  def method_missing(name, *args)
    $hit += 1
    if $hit == 1
      Integer.class_eval do
        alias_method :orig_plus, :+
        def +(o) = orig_plus(o).orig_plus(100)
      end
    end
    5
  end
end
p g(3)
p $hit
class Integer
  alias_method :+, :orig_plus
end
p fib(10)

# 3. Integer#- and #< redefined between calls: later calls see them
class Integer
  alias_method :orig_minus, :-
  def -(o)
    $minus = ($minus || 0).orig_plus(1)
    orig_minus(o)
  end
end
p fib(10)
p $minus
class Integer
  alias_method :-, :orig_minus
  alias_method :orig_lt, :<
  def <(o) = orig_lt(o.orig_plus(1))
end
p fib(10)
class Integer
  alias_method :<, :orig_lt
end
p fib(10)

# 4. fib redefined, then the old body reached through an alias
alias old_fib fib
def fib(n) = -n
p old_fib(6)
p fib(6)
