# raise/rescue/else/ensure/retry, custom hierarchies, full_message-free output
class AppError < StandardError
  def initialize(msg = "app failed") = super
end
class DbError < AppError
  attr_reader :code
  def initialize(msg = nil, code: 0)
    super(msg || "db error")
    @code = code
  end
end
class NetError < AppError; end

def risky(kind)
  case kind
  when :db then raise DbError.new("connection lost", code: 42)
  when :net then raise NetError
  when :arg then raise ArgumentError, "bad arg"
  when :none then "fine"
  end
end

[:db, :net, :arg, :none].each do |k|
  begin
    r = risky(k)
  rescue DbError => e
    puts "db: #{e.message} code=#{e.code} is_app=#{e.is_a?(AppError)}"
  rescue AppError => e
    puts "app: #{e.message} (#{e.class}, superclass #{e.class.superclass})"
  rescue => e
    puts "other: #{e.class}: #{e.message}"
  else
    puts "else: #{r}"
  ensure
    puts "ensure #{k}"
  end
end

attempts = 0
begin
  attempts += 1
  raise "flaky" if attempts < 3
  puts "succeeded after #{attempts} attempts"
rescue
  retry
end

def with_ensure
  return :from_body
ensure
  puts "ensure runs on return"
end
p with_ensure

def ensure_value
  :body
ensure
  :ignored
end
p ensure_value

begin
  begin
    raise KeyError, "inner"
  rescue KeyError => e
    raise RuntimeError, "outer"
  end
rescue => e
  p e.message, e.cause.class, e.cause.message
end

e = RuntimeError.new("msg")
p e.message, e.to_s, e.full_message rescue p $!.class
p e.backtrace
ex = (raise "x" rescue $!)
p ex.class, ex.message, ex.backtrace.is_a?(Array)
p (Integer("q") rescue "fallback")
x = begin
  Integer("12")
rescue
  0
end
p x
def m_rescue
  yield
rescue ZeroDivisionError => e
  "rescued #{e.message}"
end
p m_rescue { 1 / 0 }
p [ZeroDivisionError.ancestors.take(4), KeyError.superclass, StopIteration.superclass, FrozenError.superclass]
err = ArgumentError.new("one")
p err.exception.equal?(err), err.exception("two").message, err.message
begin
  raise DbError.new(code: 7)
rescue AppError => e
  p [e.class, e.message, e.code]
end
class ValidationError < StandardError
  def message = "validation: #{super}"
end
begin
  raise ValidationError, "name empty"
rescue => e
  puts e.message
end
def nested_ensure
  yield
ensure
  puts "outer ensure"
end
begin
  nested_ensure { raise "boom" }
rescue => e
  puts "caught #{e.message}"
end
p $!
r = [1, 2, 3].each do |i|
  begin
    raise "skip #{i}" if i == 2
    puts "item #{i}"
  rescue => e
    puts e.message
    next
  end
end
p r
begin
  raise TypeError, "with bt", ["a:1", "b:2"]
rescue => e
  p e.backtrace
end
p StandardError.new.message, RuntimeError.new(nil).message rescue p $!
