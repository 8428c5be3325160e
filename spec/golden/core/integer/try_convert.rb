# Integer.try_convert (ruby/spec core/integer/try_convert_spec.rb).
p Integer.try_convert(1), Integer.try_convert(1.5), Integer.try_convert("1"), Integer.try_convert(nil)
o = Object.new
def o.to_int = 3
p Integer.try_convert(o)
def o.to_int = nil
p Integer.try_convert(o)
def o.to_int = "x"
begin
  Integer.try_convert(o)
rescue TypeError => e
  p e.message
end
p 2**70 == Integer.try_convert(2**70)
