class WrapError < StandardError; end
def low = raise(KeyError, "low level")
def mid
  low
rescue KeyError => e
  raise WrapError, "mid level"
end
begin
  mid
rescue WrapError => e
  p e.message, e.cause.class, e.cause.message, e.cause.cause
end
class DetailedError < StandardError
  def initialize(field) = (@field = field; super())
  def message = "invalid #{@field}"
end
begin
  raise DetailedError.new(:email)
rescue => e
  p e.message, e.to_s, e.inspect
end
e = RuntimeError.new("boom")
p e.backtrace, e.cause
begin
  raise e
rescue => caught
  p caught.equal?(e), caught.backtrace.is_a?(Array)
end
err = ArgumentError.new
p err.message
p StandardError.new(nil).message rescue p $!
p (raise TypeError rescue $!.message)
x = begin
  Integer("12x")
rescue => ex
  ex.message
end
p x
p [ZeroDivisionError, FloatDomainError].map { |k| k.ancestors.index(StandardError) }
e2 = KeyError.new("k", receiver: {}, key: :z)
p e2.key, e2.receiver
s = StopIteration.new("stop")
p s.message, s.is_a?(IndexError)
