require 'monitor'
# Re-entrant MonitorMixin synchronize from 4 threads, and a bounded buffer
# built on MonitorMixin::ConditionVariable (wait_while / signal).
class Counter
  include MonitorMixin
  attr_reader :n
  def initialize
    super()
    @n = 0
  end
  def incr
    synchronize { mon_synchronize { @n += 1 } }
  end
end
c = Counter.new
4.times.map { Thread.new { 100_000.times { c.incr } } }.each(&:join)
puts c.n
p c.mon_locked?

class Buffer
  def initialize(max)
    @items = []
    @max = max
    @mon = Monitor.new
    @not_full = @mon.new_cond
    @not_empty = @mon.new_cond
  end
  def put(x)
    @mon.synchronize do
      @not_full.wait_while { @items.size >= @max }
      @items << x
      @not_empty.signal
    end
  end
  def take
    @mon.synchronize do
      @not_empty.wait_until { !@items.empty? }
      x = @items.shift
      @not_full.signal
      x
    end
  end
end
b = Buffer.new(8)
N = 100_000
prod = 2.times.map { |k| Thread.new { 1.upto(N) { |i| b.put(i) } } }
sum = 0
(2 * N).times { sum += b.take }
prod.each(&:join)
puts sum
puts sum == N * (N + 1)

o = Object.new
o.extend(MonitorMixin)
o.mon_enter
o.mon_enter
t = Thread.new { o.mon_try_enter }
p t.value
o.mon_exit
o.mon_exit
p Thread.new { r = o.mon_try_enter; o.mon_exit if r; r }.value
