# Typed loops (codegen/infer.c): redefining Integer#+ / Float#* before a
# typed loop runs, or between two runs of it, must be seen by the loop.

def sum_to(n)
  s = 0
  i = 0
  while i < n
    s += i
    i += 1
  end
  s
end

def scale(x, n)
  k = 0
  while k < n
    x = x * 1.5
    k += 1
  end
  x
end

p sum_to(10)
p scale(2.0, 3)

# redefinition between runs of the same typed loop (outer loop not typed)
class Integer
  alias_method :orig_plus, :+
end
out = []
j = 0
while j < 3
  r = 0
  i = 0
  while i < 5
    r += i
    i += 1
  end
  out << r
  if j == 1
    class Integer
      def +(o) = orig_plus(o).orig_plus(100)
    end
  end
  j = j.orig_plus(1)
end
p out

class Integer
  def +(o) = orig_plus(o)
end
p sum_to(10)

class Float
  alias_method :orig_mul, :*
  def *(o) = orig_mul(o).orig_mul(2.0)
end
p scale(2.0, 3)
