# A discrete-event simulation of a job scheduler with priorities, retries,
# and per-job callbacks (procs stored in hashes), written with Comparable.
class Job
  include Comparable
  attr_reader :name, :priority, :duration, :attempts
  attr_accessor :on_done
  def initialize(name, priority:, duration:, fail_times: 0)
    @name, @priority, @duration = name, priority, duration
    @fail_times = fail_times
    @attempts = 0
  end
  def <=>(o) = [-priority, name] <=> [-o.priority, o.name]
  def run!
    @attempts += 1
    raise "#{name} crashed (attempt #{attempts})" if @attempts <= @fail_times
    duration
  end
end

class Scheduler
  MAX_RETRIES = 2
  attr_reader :clock, :timeline
  def initialize
    @queue = []
    @clock = 0
    @timeline = []
    @stats = Hash.new(0)
  end
  def submit(job, &done)
    job.on_done = done
    @queue << job
    @queue.sort!
    self
  end
  def run
    while (job = @queue.shift)
      begin
        took = job.run!
        @clock += took
        @timeline << "t=#{@clock.to_s.rjust(3)} #{job.name} done (p#{job.priority})"
        @stats[:done] += 1
        job.on_done&.call(job, @clock)
      rescue RuntimeError => e
        @clock += 1
        if job.attempts > MAX_RETRIES
          @timeline << "t=#{@clock.to_s.rjust(3)} #{job.name} gave up: #{e.message}"
          @stats[:failed] += 1
        else
          @timeline << "t=#{@clock.to_s.rjust(3)} retry #{job.name}: #{e.message}"
          @stats[:retries] += 1
          @queue.push(job).sort!
        end
      end
    end
    @stats
  end
end

notes = []
s = Scheduler.new
s.submit(Job.new("backup", priority: 1, duration: 30)) { |j, t| notes << "#{j.name}@#{t}" }
 .submit(Job.new("email", priority: 5, duration: 2, fail_times: 1)) { |j, t| notes << "#{j.name} after #{j.attempts} tries" }
 .submit(Job.new("report", priority: 3, duration: 10))
 .submit(Job.new("flaky", priority: 4, duration: 1, fail_times: 5))
 .submit(Job.new("cache", priority: 5, duration: 3))
stats = s.run
puts s.timeline
p stats, notes, s.clock
