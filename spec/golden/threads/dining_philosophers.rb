# Dining philosophers with ordered fork acquisition: no deadlock, exact meal counts
N = 5
MEALS = 50
forks = Array.new(N) { Mutex.new }
eaten = Array.new(N, 0)
total = 0
total_lock = Mutex.new
philosophers = N.times.map do |i|
  Thread.new do
    left = i
    right = (i + 1) % N
    first, second = [left, right].sort
    MEALS.times do
      forks[first].synchronize do
        forks[second].synchronize do
          eaten[i] += 1
          total_lock.synchronize { total += 1 }
        end
      end
      Thread.pass
    end
  end
end
philosophers.each(&:join)
p eaten, total
p forks.none?(&:locked?)
