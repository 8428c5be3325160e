def risky(kind)
  case kind
  when :arg then raise ArgumentError, "bad arg"
  when :type then raise TypeError.new("bad type")
  when :rt then raise "plain"
  when :zero then 1 / 0
  when :key then {}.fetch(:x)
  when :idx then [].fetch(5)
  when :name then undefined_thing
  when :nomethod then nil.upcase
  when :frozen then "x".freeze << "y"
  when :custom then raise MyError.new(42)
  else :ok
  end
end
class MyError < StandardError
  attr_reader :code
  def initialize(code)
    @code = code
    super("my error #{code}")
  end
end
%i[arg type rt zero key idx name nomethod frozen custom ok].each do |k|
  begin
    r = risky(k)
    puts "#{k}: no error (#{r})"
  rescue ArgumentError, TypeError => e
    puts "#{k}: arg/type #{e.class}: #{e.message}"
  rescue ZeroDivisionError => e
    puts "#{k}: zero #{e.message}"
  rescue KeyError, IndexError => e
    puts "#{k}: lookup #{e.class}: #{e.message}"
  rescue NoMethodError => e
    puts "#{k}: nomethod #{e.message}"
  rescue NameError => e
    puts "#{k}: name #{e.message}"
  rescue MyError => e
    puts "#{k}: custom #{e.code} #{e.message}"
  rescue => e
    puts "#{k}: other #{e.class}: #{e.message}"
  end
end
p ZeroDivisionError.ancestors.take(4)
p KeyError.superclass, NoMethodError.superclass, FrozenError.superclass
p StopIteration.superclass, LocalJumpError.superclass
begin
  raise IOError
rescue => e
  p e, e.message
end
begin
  raise Class.new(StandardError), "anon"
rescue => e
  p e.message
end
e = RuntimeError.new("msg")
p e, e.message
x = begin
  Integer("zz")
rescue ArgumentError
  -1
end
p x
y = (raise "a" rescue "rescued inline")
p y
def m_rescue
  raise "in method"
rescue => e
  "method rescue: #{e.message}"
else
  "else"
ensure
  puts "method ensure"
end
p m_rescue
def m_else
  1
rescue
  2
else
  3
ensure
  4
end
p m_else
p $!
begin
  begin
    raise "inner"
  rescue => e
    raise ArgumentError, "outer"
  end
rescue => e2
  p e2.message, e2.cause&.message
end
err = (raise "x" rescue $!)
p err.class, err.backtrace.class
begin
  raise ArgumentError
rescue => e
  p e.message
end
