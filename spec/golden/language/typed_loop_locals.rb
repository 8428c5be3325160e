# Typed loops (codegen/infer.c): locals whose type is not the predicted
# one when the loop starts, locals captured by blocks, locals changing type
# between runs of a typed loop, values seen after the loop.

def grow(x, n)
  i = 0
  while i < n
    x = x * 2
    i += 1
  end
  x
end
p grow(3, 4), grow(2.5, 3), grow("ab", 2), grow([1], 2), grow(2**70, 2)
begin
  grow(nil, 1)
rescue NoMethodError => e
  puts e.message
end

# a local that becomes nil / a String between runs of a typed inner loop
vals = [1, 2.5, nil, "s", 4]
out = []
vals.each do |v0|
  v = v0
  c = 0
  while c < 2
    c += 1
  end
  out << [v, c]
end
p out

acc = 0
item = 0
idx = 0
list = [3, nil, 5, "x", 7]
while idx < list.size
  item = list[idx]
  if item.is_a?(Integer)
    k = 0
    while k < item
      acc += k
      k += 1
    end
  else
    acc += 1000
  end
  idx += 1
end
p acc, item

# captured by a block: the loop stays generic and the block sees updates
cnt = 0
incr = -> { cnt += 1 }
j = 0
while j < 5
  cnt += 10
  j += 1
end
incr.call
p cnt, j

sq = 0
q = 0
while q < 4
  sq += q * q
  q += 1
end
[1].each { sq += 1 }
p sq

# locals never assigned before the loop are nil after a loop that runs 0 times
def maybe(n)
  i = 0
  while i < n
    t = i * 2.5
    u = i + 1
    i += 1
  end
  [t, u, i]
end
p maybe(0), maybe(3)

# a loop whose value feeds an Integer and a Float in the same body
def mixed(n)
  i = 0
  f = 0.5
  while i < n
    f = f * 1.5 + i
    i += 1
  end
  [f, i]
end
p mixed(5)
