# Typed attribute reads/stores on objects whose ivars do not all fit in the
# embedded slots (out-of-line ivar storage), and ivars added after objects
# of the class were made.
class W
  attr_accessor :a0, :a1, :a2, :a3, :a4, :a5, :a6, :a7, :a8, :a9, :a10, :a11, :late
  def initialize
    @a0 = 0.5; @a1 = 1.5; @a2 = 2.5; @a3 = 3.5; @a4 = 4.5; @a5 = 5.5
    @a6 = 6.5; @a7 = 7.5; @a8 = 8.5; @a9 = 9.5; @a10 = 10.5; @a11 = 11.5
  end
end
def run(ws, n)
  i = 0
  while i < n
    w = ws[i % 2]
    w.a11 += w.a0 * 0.25
    w.a10 = w.a11 - w.a9
    w.a0 -= 0.125
    w.late = w.a10 * 2.0
    i += 1
  end
end
x = W.new
run([x, x], 3)
y = W.new
y.late = 1.0
run([x, y], 7)
p [x.a0, x.a10, x.a11, x.late]
p [y.a0, y.a10, y.a11, y.late]
p x.instance_variables.size, y.instance_variables.size
