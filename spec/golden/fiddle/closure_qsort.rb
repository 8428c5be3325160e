# golden: ruby31
# Fiddle::Closure: C calling back into Ruby (qsort with a Ruby comparator,
# a Closure subclass with its own #call, a closure called through a Function).
require 'fiddle'

libc = Fiddle.dlopen(nil)
qsort = Fiddle::Function.new(libc['qsort'],
                             [Fiddle::TYPE_VOIDP, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_VOIDP],
                             Fiddle::TYPE_VOID)

# bytes of a String, sorted in place
calls = 0
cmp = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP]) do |a, b|
  calls += 1
  a[0] <=> b[0]
end
buf = "sphinx of black quartz"
p qsort.call(buf, buf.bytesize, 1, cmp)
p buf
puts calls > 0

# 32-bit ints in malloc'ed memory, descending
nums = [5, -3, 99, 0, 42, 7, -100, 13]
mem = Fiddle::Pointer.malloc(4 * nums.size, Fiddle::RUBY_FREE)
mem[0, 4 * nums.size] = nums.pack("l*")
desc = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP]) do |a, b|
  b[0, 4].unpack1("l") <=> a[0, 4].unpack1("l")
end
qsort.call(mem, nums.size, 4, desc)
p mem[0, 4 * nums.size].unpack("l*")

# a subclass of Closure that defines #call
class ByLength < Fiddle::Closure
  def call(a, b)
    la = a.ptr.to_s.bytesize
    lb = b.ptr.to_s.bytesize
    la == lb ? a.ptr.to_s <=> b.ptr.to_s : la <=> lb
  end
end
words = %w[banana fig apple kiwi cherry date]
strs = words.map { |w| Fiddle::Pointer[w + "\0"] }
arr = Fiddle::Pointer.malloc(Fiddle::SIZEOF_VOIDP * words.size, Fiddle::RUBY_FREE)
strs.each_with_index { |s, i| arr[i * Fiddle::SIZEOF_VOIDP, Fiddle::SIZEOF_VOIDP] = [s.to_i].pack("J") }
by_len = ByLength.new(Fiddle::TYPE_INT, [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP])
qsort.call(arr, words.size, Fiddle::SIZEOF_VOIDP, by_len)
p (0...words.size).map { |i| (arr + i * Fiddle::SIZEOF_VOIDP).ptr.to_s }
p by_len.ctype, by_len.args

# a closure is a C function: call it through Fiddle::Function
twice = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_LONG, [Fiddle::TYPE_LONG, Fiddle::TYPE_DOUBLE]) { |n, x| n * 2 + x.round }
f = Fiddle::Function.new(twice, [Fiddle::TYPE_LONG, Fiddle::TYPE_DOUBLE], Fiddle::TYPE_LONG)
p f.call(21, 0.6)
p f.call(-(2**40), 2.4)
p twice.call(1, 1.0)

# an exception in the callback unwinds through C
boom = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP]) do |a, b|
  raise ArgumentError, "stop sorting"
end
begin
  qsort.call("zyx", 3, 1, boom)
rescue ArgumentError => e
  puts "rescued: #{e.message}"
end
# and calls work afterwards
s2 = "cab"
qsort.call(s2, 3, 1, cmp)
p s2
