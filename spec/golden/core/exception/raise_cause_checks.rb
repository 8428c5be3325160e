# Kernel#raise with cause:: only a cause is an ArgumentError, a circular
# cause chain is refused, cause: nil or the exception itself keeps the
# cause it has, a non-exception cause is a TypeError.
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message} cause=#{e.cause.inspect}"; e; end
t { raise(cause: StandardError.new("c")) }
t { raise(cause: nil) }
c = StandardError.new("cause")
t { raise(c, cause: c) }
t { raise "x", cause: Object.new }
begin
  raise "Error 1"
rescue => error1
  begin
    raise "Error 2"
  rescue => error2
    begin
      raise "Error 3"
    rescue => error3
      t { raise(error1, cause: error3) }
    end
  end
end
e1 = e2 = nil
begin
  begin
    begin
      raise "Error 1"
    rescue => e1
      raise "Error 2"
    end
  rescue => e2
    raise "Error 3"
  end
rescue
  p e2.cause.equal?(e1)
  r = t { raise e2, cause: nil }
  p r.cause.equal?(e1)
end
r = t { raise TypeError, "m", cause: c }
p r.cause.equal?(c)
begin
  raise "first"
rescue
  r = t { raise "second", cause: nil }
end
