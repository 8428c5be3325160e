# Discrete-time elevator simulation: requests, SCAN scheduling, per-tick log, statistics
class Elevator
  attr_reader :id, :floor, :direction, :passengers, :log, :moved

  def initialize(id, floor = 0, capacity: 4)
    @id = id
    @floor = floor
    @direction = :idle
    @capacity = capacity
    @passengers = []
    @log = []
    @moved = 0
  end

  def targets(waiting)
    stops = @passengers.map(&:dest)
    stops += waiting.select { |p| p.assigned == id }.map(&:from)
    stops.uniq
  end

  def step(t, waiting, done)
    # unload
    leaving, @passengers = @passengers.partition { |p| p.dest == @floor }
    leaving.each do |p|
      p.arrived = t
      done << p
      @log << "t=#{t} E#{id} drop P#{p.id} at #{@floor}"
    end
    # load assigned passengers waiting here
    waiting.select { |p| p.assigned == id && p.from == @floor }.each do |p|
      break if @passengers.size >= @capacity
      waiting.delete(p)
      p.picked = t
      @passengers << p
      @log << "t=#{t} E#{id} pick P#{p.id} at #{@floor} -> #{p.dest}"
    end
    ts = targets(waiting)
    if ts.empty?
      @direction = :idle
      return
    end
    up = ts.select { |f| f > @floor }
    down = ts.select { |f| f < @floor }
    @direction =
      case @direction
      when :up then up.empty? ? (down.empty? ? :idle : :down) : :up
      when :down then down.empty? ? (up.empty? ? :idle : :up) : :down
      else up.empty? && down.empty? ? :idle : (up.map { |f| f - @floor }.min || 99) <= (down.map { |f| @floor - f }.min || 99) ? :up : :down
      end
    case @direction
    when :up then @floor += 1; @moved += 1
    when :down then @floor -= 1; @moved += 1
    end
  end
end

Passenger = Struct.new(:id, :time, :from, :dest, :assigned, :picked, :arrived) do
  def wait = picked - time
  def ride = arrived - picked
end

class Building
  def initialize(floors, n_elevators)
    @floors = floors
    @elevators = Array.new(n_elevators) { |i| Elevator.new(i, i * (floors - 1)) }
    @waiting = []
    @done = []
  end

  def assign(p)
    best = @elevators.min_by { |e| [(e.floor - p.from).abs + e.passengers.size * 2, e.id] }
    p.assigned = best.id
  end

  def run(requests, max_t: 200)
    pending = requests.sort_by { |r| [r.time, r.id] }
    t = 0
    while t <= max_t
      while pending.first && pending.first.time == t
        p = pending.shift
        raise ArgumentError, "bad floor for P#{p.id}" unless p.from.between?(0, @floors - 1) && p.dest.between?(0, @floors - 1)
        assign(p)
        @waiting << p
      end
      @elevators.each { |e| e.step(t, @waiting, @done) }
      break if pending.empty? && @waiting.empty? && @elevators.all? { |e| e.passengers.empty? }
      t += 1
    end
    t
  end

  def report
    @elevators.each do |e|
      puts "Elevator #{e.id}: ended at floor #{e.floor}, moved #{e.moved} floors"
      e.log.each { |l| puts "  #{l}" }
    end
    waits = @done.map(&:wait)
    rides = @done.map(&:ride)
    puts format("served %d, avg wait %.2f, max wait %d, avg ride %.2f", @done.size, waits.sum.fdiv(waits.size), waits.max, rides.sum.fdiv(rides.size))
    @done.sort_by(&:id).each do |p|
      puts format("  P%-2d %2d->%-2d req t=%-2d pick t=%-2d arrive t=%-2d via E%d", p.id, p.from, p.dest, p.time, p.picked, p.arrived, p.assigned)
    end
  end
end

reqs = [[0, 0, 7], [0, 9, 2], [1, 3, 5], [2, 5, 0], [2, 1, 8], [4, 8, 1], [5, 2, 3], [6, 6, 6 + 3], [9, 7, 0], [12, 0, 4], [12, 4, 0], [15, 9, 5]]
passengers = reqs.each_with_index.map { |(t, from, to), i| Passenger.new(i + 1, t, from, to) }
b = Building.new(10, 2)
ticks = b.run(passengers)
puts "finished at tick #{ticks}"
b.report
begin
  Building.new(5, 1).run([Passenger.new(99, 0, 0, 7)])
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
