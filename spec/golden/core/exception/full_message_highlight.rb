# Exception#full_message highlight:/order: (bold and underline escapes,
# "Traceback" with numbered frames bottom first), #detailed_message(highlight:),
# the option checks, causes in both orders, and a #detailed_message that
# returns nil or a non-String.
e = RuntimeError.new("Some runtime error")
e.set_backtrace(["a.rb:1", "b.rb:2", "c.rb:3"])
p e.full_message(highlight: true, order: :top)
p e.full_message(highlight: true, order: :bottom)
p e.full_message(highlight: false, order: :bottom)
p e.full_message(highlight: false)
e = RuntimeError.new("first\nsecond\nthird\n")
e.set_backtrace(["a.rb:1"])
p e.full_message(highlight: true)
p e.full_message(highlight: false)
p e.full_message(highlight: true, order: :bottom)
p e.detailed_message(highlight: true)
p e.detailed_message
e = RuntimeError.new("")
e.set_backtrace(["a.rb:1"])
p e.full_message(highlight: true, order: :bottom)
p StandardError.new("").detailed_message(highlight: true)
p StandardError.new(nil).detailed_message(highlight: true)
p Class.new(StandardError).new("x").detailed_message(highlight: true)
p Class.new(StandardError).new("x\ny").detailed_message(highlight: true)
begin; StandardError.new("").full_message(highlight: 0); rescue => x; p x; end
begin; StandardError.new("").detailed_message(highlight: 'false'); rescue => x; p x; end
begin; StandardError.new("").full_message(order: :x); rescue => x; p x; end
begin; StandardError.new("").full_message(order: "top"); rescue => x; p x; end
begin; StandardError.new("").full_message(order: 1); rescue => x; p x; end
p StandardError.new("").detailed_message(highlight: nil)
begin
  begin
    raise "inner"
  rescue
    raise IOError, "outer"
  end
rescue => e
  e.set_backtrace(["x.rb:1", "x.rb:2"])
  e.cause.set_backtrace(["y.rb:1", "y.rb:2"])
  p e.full_message(highlight: false, order: :top)
  p e.full_message(highlight: false, order: :bottom)
  p e.full_message(highlight: true, order: :bottom)
end
e = RuntimeError.new("new error")
e.define_singleton_method(:detailed_message) { |**o| p o; nil }
e.set_backtrace(["a.rb:1"])
p e.full_message(foo: 1)
p e.full_message(highlight: true, order: :bottom)
class << e; undef :detailed_message; end
p e.full_message(highlight: true)
e = RuntimeError.new("new error")
e.set_backtrace((1..12).map { |i| "f.rb:#{i}" })
p e.full_message(highlight: false, order: :bottom)
p RuntimeError.new("a\n\nb\n").detailed_message(highlight: true)
p RuntimeError.new("a\nb\n\n").detailed_message(highlight: true)
p RuntimeError.new("a\n").detailed_message(highlight: true)
p RuntimeError.new("a\n").detailed_message(highlight: false)
p RuntimeError.new("\na").detailed_message(highlight: true)
e = RuntimeError.new("x")
def e.detailed_message(**) = Object.new
p e.full_message(highlight: false)
e = RuntimeError.new("x")
def e.detailed_message(**) = 42
p e.full_message(highlight: true)
class Foo < StandardError; def message = "msg"; end
p Foo.new.detailed_message
p Foo.new.full_message(highlight: false)
e = StandardError.new("x")
e.singleton_class
p e.detailed_message
e = RuntimeError.new("")
e.singleton_class
p e.detailed_message
p e.full_message(highlight: false)
p RuntimeError.new(:sym).detailed_message
e = StandardError.new("zz")
p e.full_message(highlight: false, order: nil)
