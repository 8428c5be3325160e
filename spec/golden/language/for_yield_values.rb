# for x in o takes the first of several yielded values (a proc's |x|);
# for a, b in o destructures them all.
class OFor
  def each
    [[1, 2, 3], [4, 5, 6]].each { |a| yield(a[0], a[1], a[2]) }
  end
end
qs = []
for q in OFor.new
  qs << q
end
p qs
for a, b in OFor.new
  p [a, b]
end
for x in [[1, 2], [3, 4]]
  p x
end
for y, in [[1, 2]]
  p y
end
h = {a: 1, b: 2}
for k, v in h
  p [k, v]
end
for e in h
  p e
end
