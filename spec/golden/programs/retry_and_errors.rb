# Exception hierarchies in a service layer: retry with backoff counters, ensure cleanup, re-raise, wrapping causes
module Service
  class Error < StandardError; end
  class TransientError < Error; end
  class Timeout < TransientError
    def initialize(op) = super("#{op} timed out")
  end
  class RateLimited < TransientError
    attr_reader :retry_after
    def initialize(after)
      @retry_after = after
      super("rate limited, retry after #{after}")
    end
  end
  class PermanentError < Error; end
  class NotFound < PermanentError; end
  class WrappedError < Error; end
end

class FakeBackend
  attr_reader :calls
  def initialize(script)
    @script = script
    @calls = Hash.new(0)
  end

  def call(op)
    n = @calls[op] += 1
    step = @script.fetch(op, [])[n - 1] || :ok
    case step
    when :timeout then raise Service::Timeout, op
    when :rate then raise Service::RateLimited, n * 10
    when :missing then raise Service::NotFound, "#{op} not found"
    when :crash then raise ZeroDivisionError, "divided by 0"
    else "#{op} result after #{n} call(s)"
    end
  end
end

class Client
  attr_reader :log, :open_connections

  def initialize(backend, max_attempts: 3)
    @backend = backend
    @max = max_attempts
    @log = []
    @open_connections = 0
  end

  def fetch(op)
    attempts = 0
    waited = 0
    begin
      attempts += 1
      result = with_connection { @backend.call(op) }
    rescue Service::RateLimited => e
      waited += e.retry_after
      @log << "#{op}: #{e.message} (attempt #{attempts})"
      retry if attempts < @max
      raise
    rescue Service::TransientError => e
      @log << "#{op}: transient #{e.class.name.split('::').last} (attempt #{attempts})"
      retry if attempts < @max
      raise Service::WrappedError, "#{op} failed after #{attempts} attempts"
    rescue Service::PermanentError
      @log << "#{op}: permanent failure, not retrying"
      raise
    rescue StandardError => e
      raise Service::WrappedError, "unexpected #{e.class} in #{op}"
    else
      @log << "#{op}: ok after #{attempts} (waited #{waited})"
      result # the value of `else` is the value of the whole begin
    ensure
      @log << "#{op}: done"
    end
  end

  private

  def with_connection
    @open_connections += 1
    yield
  ensure
    @open_connections -= 1
  end
end

backend = FakeBackend.new(
  "users" => [:timeout, :timeout],
  "orders" => [:rate, :rate, :rate],
  "items" => [:missing],
  "stats" => [:crash],
  "feed" => [:timeout, :rate],
  "slow" => [:timeout, :timeout, :timeout, :timeout],
)
client = Client.new(backend)
%w[users orders items stats feed slow plain].each do |op|
  result = client.fetch(op)
  puts "OK    #{op}: #{result}"
rescue Service::RateLimited => e
  puts "LIMIT #{op}: #{e.message}; retry_after=#{e.retry_after}"
rescue Service::NotFound => e
  puts "404   #{op}: #{e.message} (#{e.class.ancestors.take_while { |c| c != StandardError }.map(&:name).join(' < ')})"
rescue Service::WrappedError => e
  puts "WRAP  #{op}: #{e.message}; cause=#{e.cause&.class}: #{e.cause&.message}"
end
puts client.log
p client.open_connections, backend.calls

def parse_all(lines)
  results = []
  errors = []
  lines.each_with_index do |l, i|
    results << Integer(l)
  rescue ArgumentError, TypeError => e
    errors << "line #{i + 1}: #{e.class}"
    next
  ensure
    results << :checked if l == "mark"
  end
  [results, errors]
end
p parse_all(["1", "x", nil, "3", "mark"])

def deep(n)
  raise Service::Timeout, "level#{n}" if n.zero?
  deep(n - 1)
rescue Service::Timeout => e
  raise if n < 3
  "caught at depth #{n}: #{e.message}"
end
p deep(5)
counter = 0
result = begin
  counter += 1
  raise "again" if counter < 4
  "finished on try #{counter}"
rescue
  retry
end
p result
x = [1, 2, 0, 4].map { |d| 12 / d rescue Float::INFINITY }
p x
def method_with_implicit_begin
  yield
rescue ArgumentError => e
  "rescued #{e.message}"
else
  "no error"
ensure
  puts "ensure in method"
end
p method_with_implicit_begin { 1 }, method_with_implicit_begin { raise ArgumentError, "bad" }
begin
  begin
    raise Service::NotFound, "inner"
  ensure
    puts "inner ensure runs before outer rescue"
  end
rescue Service::Error => e
  p e.class, e.is_a?(Service::PermanentError), e.message
end
e = Service::RateLimited.new(5)
p e.message, e.retry_after, e.backtrace, Service::RateLimited.ancestors.index(Service::Error)
