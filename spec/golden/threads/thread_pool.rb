# thread pool with a job queue and poison pills
class Pool
  STOP = Object.new
  def initialize(size)
    @jobs = Queue.new
    @results = Queue.new
    @workers = size.times.map do |wid|
      Thread.new do
        done = 0
        while (job = @jobs.pop) != STOP
          id, fn, arg = job
          begin
            @results << [id, fn.call(arg)]
          rescue => e
            @results << [id, "error: #{e.class}"]
          end
          done += 1
        end
        done
      end
    end
  end

  def submit(id, fn, arg) = @jobs << [id, fn, arg]

  def shutdown
    @workers.size.times { @jobs << STOP }
    counts = @workers.map(&:value)
    out = []
    out << @results.pop until @results.empty?
    [counts.sum, out.sort_by(&:first)]
  end
end
pool = Pool.new(4)
square = ->(x) { x * x }
fail_on_7 = ->(x) { x == 7 ? raise(ArgumentError) : x + 1000 }
20.times { |i| pool.submit(i, i.even? ? square : fail_on_7, i) }
total, results = pool.shutdown
p total
results.each { |id, r| puts "job #{id}: #{r}" }
