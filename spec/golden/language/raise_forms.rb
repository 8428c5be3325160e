class AppError < StandardError
  def initialize(msg = "app failed") = super
end
class DetailError < AppError
  attr_reader :detail
  def initialize(detail)
    @detail = detail
    super("detail: #{detail}")
  end
  def message = super.upcase
end
def show
  yield
rescue Exception => e
  puts "#{e.class} | #{e.message.inspect}"
  e
end
show { raise "simple" }
show { raise AppError }
show { raise AppError, "custom msg" }
show { raise AppError.new("obj msg") }
show { raise DetailError.new(:x) }
show { raise DetailError, :y }
e = show { raise ArgumentError.new }
show { raise e }
show { raise TypeError, "t", caller }
show { fail "via fail" }
show { raise StandardError.exception("exc") }
r = show { raise AppError.new.exception("changed") }
show do
  begin
    raise "orig"
  rescue => x
    raise
  end
end
show do
  begin
    raise "one"
  rescue => x
    raise AppError, "two"
  end
end.then { |err| p err.cause.message }
show do
  raise AppError, "no cause", cause: nil
end.then { |err| p err.cause }
begin
  raise 42
rescue TypeError => te
  puts te.message
end
ex = AppError.new("hello")
p ex.message, ex.to_s, ex.inspect
p ex.backtrace
p DetailError.new(3).detail
p (DetailError.new(3) rescue nil).is_a?(AppError)
def deep(n) = n.zero? ? raise(AppError, "deep") : deep(n - 1)
begin
  deep(3)
rescue AppError => err
  p err.backtrace.length >= 4
  p err.backtrace.first
end
p [ScriptError, NotImplementedError.superclass, SystemExit.superclass, Interrupt.superclass]
begin
  raise NotImplementedError, "later"
rescue StandardError
  puts "not here"
rescue ScriptError => se
  puts "script error: #{se.message}"
end
x = Exception.new("base")
p x.message, x.class.ancestors.include?(StandardError)
p RuntimeError.new("a") == RuntimeError.new("a")
