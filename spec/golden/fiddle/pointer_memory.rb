# golden: ruby31
# Fiddle::Pointer: malloc with a free function, [] / []= with offsets and
# lengths, to_s / to_str, arithmetic, ptr / ref, comparison, Pointer[].
require 'fiddle'

a = Fiddle::Pointer.malloc(16, Fiddle::RUBY_FREE)
p a.size, a.null?, a.to_i != 0, a.free.class
p a[0, 16].bytes.uniq                 # malloc'ed memory starts zeroed
a[0, 5] = "hello"
p a.to_s, a[1], a[0, 3], a.to_str(5)
a[5] = 33                             # '!'
p a.to_s, a.to_s(3)
a[0] = 255
p a[0]                                # bytes read as signed chars
a[0] = 104

# arithmetic keeps addresses and sizes consistent
b = a + 6
p b.size, b.to_i - a.to_i, (b - 6).to_i == a.to_i, (b - 6).size
p (a + 1).to_s, (a + 1) == a + 1, a == b, a.eql?(a + 0)
p a <=> b, b <=> a, a <=> (b - 6)
p a.to_int == a.to_i, Fiddle::Pointer.new(a.to_i).to_s

# Pointer[] of a String points at the String's bytes
s = "String bytes"
ps = Fiddle::Pointer[s]
p ps.size, ps.to_s, ps[0, 6]
ps[0] = "s".ord
p s
ps2 = Fiddle::Pointer.to_ptr(s)
p ps2.to_i == ps.to_i

# ptr / ref: a pointer to a pointer
q = Fiddle::Pointer.malloc(Fiddle::SIZEOF_VOIDP, Fiddle::RUBY_FREE)
q[0, Fiddle::SIZEOF_VOIDP] = [a.to_i].pack("J")
p q.ptr.to_i == a.to_i, q.ptr.to_s, (+q).to_s
r = a.ref
p r.ptr.to_i == a.to_i, (-a).ptr == a

# copying between pointers and from integers
c = Fiddle::Pointer.malloc(8, Fiddle::RUBY_FREE)
c[0, 6] = a
p c.to_s
c[2, 3] = b
p c.to_s

# size can be changed; free functions can be swapped
d = Fiddle::Pointer.malloc(4)
d.size = 2
p d.size, d.free
d.free = Fiddle::RUBY_FREE
p d.free.class, d.freed?
d.call_free
p d.freed?
d.call_free                        # only once

p Fiddle::NULL.null?, Fiddle::NULL.to_i, Fiddle::NULL.size
p Fiddle::Pointer.new(0).null?, Fiddle::Pointer.new(0).to_str
p Fiddle::Pointer.new(a, 3).size, Fiddle::Pointer.new(a).to_s

# Fiddle.malloc/realloc/free work with raw addresses
addr = Fiddle.malloc(8)
addr = Fiddle.realloc(addr, 64)
Fiddle::Pointer.new(addr, 64)[0, 4] = "abc\0"
p Fiddle::Pointer.new(addr).to_s
p Fiddle.free(addr)

# inspect names the class, the address, the size and the free function
p a.inspect.match?(/\A#<Fiddle::Pointer:0x\h{16} ptr=0x\h{16} size=16 free=0x\h{16}>\z/)
p Fiddle::Pointer.malloc(3).inspect.end_with?("size=3 free=0x0000000000000000>")

# many short-lived pointers with a free function: the collector frees them
200_000.times { Fiddle::Pointer.malloc(64, Fiddle::RUBY_FREE) }
puts "done"
