# A cyclic barrier and a countdown latch built from Mutex + ConditionVariable
class Barrier
  def initialize(n)
    @n = n
    @count = 0
    @generation = 0
    @m = Mutex.new
    @cv = ConditionVariable.new
  end

  def wait
    @m.synchronize do
      gen = @generation
      @count += 1
      if @count == @n
        @generation += 1
        @count = 0
        @cv.broadcast
        true
      else
        @cv.wait(@m) while gen == @generation
        false
      end
    end
  end
end

class Latch
  def initialize(n)
    @n = n
    @m = Mutex.new
    @cv = ConditionVariable.new
  end

  def count_down = @m.synchronize { @n -= 1; @cv.broadcast if @n <= 0 }
  def wait = @m.synchronize { @cv.wait(@m) while @n > 0 }
end

b = Barrier.new(4)
phases = Array.new(4) { [] }
lock = Mutex.new
seen = []
ts = 4.times.map do |i|
  Thread.new do
    3.times do |phase|
      lock.synchronize { seen << [phase, i] }
      b.wait
      # after the barrier every thread of this phase has recorded itself
      lock.synchronize { phases[i] << seen.count { |ph, _| ph == phase } }
    end
  end
end
ts.each(&:join)
p phases
p seen.map(&:first) == seen.map(&:first).sort
latch = Latch.new(5)
done = Queue.new
5.times { |i| Thread.new { done << i; latch.count_down } }
latch.wait
p done.size
