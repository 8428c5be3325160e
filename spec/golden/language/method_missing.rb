class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    elsif name == :with_block
      blk.call(*args)
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false)
    name.to_s.start_with?("get_") || super
  end
end
g = Ghost.new
puts g.get_name
puts g.get_value(1, 2)
p g.with_block(3, 4) { |a, b| a * b }
p g.respond_to?(:get_x)
p g.respond_to?(:other)
begin
  g.unknown_thing
rescue NoMethodError => e
  puts e.message
  p e.name
end

class Recorder < BasicObject
  def initialize
    @calls = []
  end
  def method_missing(name, *args)
    @calls << [name, args]
    self
  end
  def __calls = @calls
end
r = Recorder.new
r.foo(1).bar.baz(2, 3)
p r.__calls

class Config
  def initialize = @data = {}
  def method_missing(name, *args)
    key = name.to_s
    if key.end_with?("=")
      @data[key.chomp("=").to_sym] = args.first
    elsif @data.key?(name)
      @data[name]
    else
      super
    end
  end
  def respond_to_missing?(name, priv = false) = @data.key?(name.to_s.chomp("=").to_sym) || super
end
c = Config.new
c.host = "localhost"
c.port = 8080
p [c.host, c.port]
p c.respond_to?(:host)
begin
  c.missing
rescue NoMethodError => e
  puts e.message
end
begin
  nil.frobnicate
rescue NoMethodError => e
  puts e.message
end
begin
  5.frob(1)
rescue NoMethodError => e
  puts e.message
end
