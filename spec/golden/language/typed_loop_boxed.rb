# Typed loops (codegen/infer.c): statements with calls inside a typed loop
# run as generic code between typed statements ("boxed"): they see the
# current values of the typed locals, their results are unboxed when they
# have the local's type, and anything else (nil, a String, a Bignum, a
# redefined operator, an exception) hands over to the generic code.

def squares(n)
  a = []
  i = 0
  while i < n
    a[i] = i * i
    puts "i=#{i}" if i % 4 == 0
    i += 1
  end
  a
end
p squares(9)

def sum_items(list)
  s = 0
  i = 0
  x = 0
  while i < list.size
    x = list[i]
    s += x
    i += 1
  end
  [s, x]
end
p sum_items([1, 2, 3])
p sum_items([1, 2**64, 3])
p sum_items([1, 2.5, 3])
begin
  sum_items([1, nil, 3])
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p sum_items(["a", "b"]) rescue p $!.class

# a call inside the loop raises: the rescue sees the values of the typed locals
def fail_at(k)
  i = 0
  acc = 0.0
  begin
    while i < 10
      acc += 0.5
      raise "boom at #{i}" if i == k
      i += 1
    end
  rescue => e
    puts "#{e.message}: i=#{i} acc=#{acc}"
  end
  [i, acc]
end
p fail_at(3)
p fail_at(20)

# a call inside the loop redefines Integer#+ part-way through
class Integer
  alias_method :plus0, :+
end
def redefine_plus!
  Integer.class_eval do
    define_method(:+) { |o| plus0(o).plus0(1000) }
  end
end
def count_up
  i = 0
  s = 0
  while i < 5
    s += i
    redefine_plus! if i == 2
    i += 1
  end
  [i, s]
end
def restore_plus!
  Integer.class_eval { alias_method :+, :plus0 }
end
p count_up
restore_plus!
p count_up
restore_plus!

# Math.sqrt and Float methods in the middle of Float arithmetic
def norm(n)
  s = 0.0
  k = 1
  while k <= n
    r = Math.sqrt(k) * 1.0
    s += r * r / k
    k += 1
  end
  s.round(9)
end
p norm(10)

# a boxed condition
def first_over(list, lim)
  i = 0
  t = 0
  while i < list.size && list[i] <= lim
    t += list[i]
    i += 1
  end
  [i, t]
end
p first_over([1, 2, 3, 10, 4], 5), first_over([], 5)

# boxed statement returning a value of another type in a nested loop
def grid(n)
  out = 0
  y = 0
  while y < n
    x = 0
    while x < n
      v = (x == 2 && y == 1) ? nil.to_a.size + 1.5 : x * y
      out += v
      x += 1
    end
    y += 1
  end
  out
end
p grid(4)
