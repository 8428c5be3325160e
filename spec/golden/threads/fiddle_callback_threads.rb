# Fiddle callbacks from several threads at once: each thread sorts with
# qsort and a Ruby comparator that allocates, passes and sometimes sleeps
# (so the thread may resume on another worker inside the C call), while
# another thread makes foreign calls in a loop. Results are checked.
require 'fiddle'

libc = Fiddle.dlopen(nil)
qsort = Fiddle::Function.new(libc['qsort'],
                             [Fiddle::TYPE_VOIDP, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_SIZE_T, Fiddle::TYPE_VOIDP],
                             Fiddle::TYPE_VOID)
abs = Fiddle::Function.new(libc['abs'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)

threads = 4.times.map do |k|
  Thread.new do
    rng = Random.new(k)
    nums = Array.new(300) { rng.rand(-10_000..10_000) }
    mem = Fiddle::Pointer.malloc(4 * nums.size, Fiddle::RUBY_FREE)
    mem[0, 4 * nums.size] = nums.pack("l*")
    calls = 0
    cmp = Fiddle::Closure::BlockCaller.new(Fiddle::TYPE_INT, [Fiddle::TYPE_VOIDP, Fiddle::TYPE_VOIDP]) do |a, b|
      calls += 1
      junk = Array.new(20) { |i| "s#{i}" }         # allocation inside the callback
      Thread.pass if calls % 50 == 0
      sleep 0.001 if calls % 400 == 0
      x = a[0, 4].unpack1("l")
      y = b[0, 4].unpack1("l")
      junk.size == 20 ? (x <=> y) : 0
    end
    3.times do
      qsort.call(mem, nums.size, 4, cmp)
      mem[0, 4 * nums.size] = nums.shuffle(random: rng).pack("l*")
    end
    qsort.call(mem, nums.size, 4, cmp)
    mem[0, 4 * nums.size].unpack("l*") == nums.sort
  end
end
caller_thread = Thread.new do
  s = 0
  100_000.times { |i| s += abs.call(-i) }
  s
end
p threads.map(&:value)
p caller_thread.value
