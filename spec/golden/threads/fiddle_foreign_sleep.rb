# A foreign call that blocks for a second (libc sleep through Fiddle) does
# not stop the other threads: a ticker and a counting thread started while
# it runs finish first, also with one worker. Then the same with the
# foreign call on the main thread.
require 'fiddle'

libc = Fiddle.dlopen(nil)
csleep = Fiddle::Function.new(libc['sleep'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
# libc's sleep returns early (with the seconds left) when a signal arrives,
# e.g. the collector's stop-the-world signal: sleep again for the rest
foreign_sleep = ->(sec) { t = clock.(); csleep.call(sec) while clock.() - t < sec; 0 }

events = Queue.new
t0 = clock.()
sleeper = Thread.new { events << :started; r = foreign_sleep.(1); events << :foreign_done; r }
p events.pop       # the others start once the sleeper is about to call
ticker = Thread.new { 3.times { sleep 0.1 }; events << :ticks_done }
counter = Thread.new do
  n = 0
  n += 1 while n < 100_000
  events << :count_done
  n
end
got = 3.times.map { events.pop }
elapsed = clock.() - t0
p got.first(2).sort, got.last
p sleeper.value, counter.value, ticker.join.class
p elapsed >= 0.95

# the main thread in the foreign call, a thread ticking meanwhile
ticks = Queue.new
bg = Thread.new { 4.times { |i| sleep 0.1; ticks << i } }
t1 = clock.()
r = foreign_sleep.(1)
p r, clock.() - t1 >= 0.95
p ticks.size
bg.join
p 4.times.map { ticks.pop }
