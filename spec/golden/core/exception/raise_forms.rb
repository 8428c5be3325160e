# raise forms: class, instance, message, re-raise, exception method, custom exception with extra data
def try
  yield
rescue => e
  "#{e.class}: #{e.message}"
end
p try { raise "msg" }, try { raise ArgumentError }, try { raise ArgumentError, "m2" }, try { raise IndexError.new("m3") }
class HttpError < StandardError
  attr_reader :status
  def initialize(status, msg = "HTTP #{status}")
    @status = status
    super(msg)
  end
end
p try { raise HttpError.new(404) }, try { raise HttpError.new(500, "boom") }
begin
  raise HttpError, 418
rescue HttpError => e
  p e.status, e.message
end
def reraiser
  yield
rescue ArgumentError => e
  raise
end
p try { reraiser { raise ArgumentError, "again" } }
anon = begin
  raise Class.new(StandardError) { def message = "anon" }
rescue => e
  [e.message, e.class.superclass, e.class.name]
end
p anon
e = RuntimeError.new("orig")
p e.exception.equal?(e), e.exception("new").message, e.message
p try { raise e }
x = (raise "inline" rescue "rescued inline")
p x
p try { raise TypeError.new }, try { fail "via fail" }
begin
  raise StandardError
rescue => err
  p err.message, err.full_message.include?("StandardError") rescue p $!.class
end
def m_with_ensure_return
  raise "lost"
ensure
  return :ensure_wins
end
p m_with_ensure_return
p try { raise ArgumentError.new("a"), "b" } rescue p $!
p try { [1].fetch(5) rescue raise KeyError, "converted" }
