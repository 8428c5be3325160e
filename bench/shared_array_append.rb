# bench: threads — THREADS threads append to one shared Array (Array#<< is atomic: issue 21).
# bench-threads: 2 4
# bench-workers: 1 2
# ops = appends (total, independent of THREADS)
# Every append takes the Array's object lock once a second worker runs
# (doc/core-types.md "Race-safety rule"); at 1 worker it takes none.
SCALE = 1
THREADS = 2
total = 4_000_000 * SCALE
per = total / THREADS
shared = []
ths = Array.new(THREADS) do |k|
  Thread.new do
    i = 0
    while i < per
      shared << i
      i += 1
    end
  end
end
ths.each(&:join)
puts "size = #{shared.size}"
puts "ops: #{total}"
