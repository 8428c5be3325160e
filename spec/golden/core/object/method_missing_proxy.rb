# delegation with method_missing / respond_to_missing? and a recording proxy
class Recorder < BasicObject
  def initialize(target)
    @target = target
    @calls = []
  end

  def __calls = @calls

  def method_missing(name, *args, &blk)
    @calls << [name, args]
    @target.__send__(name, *args, &blk)
  end

  def respond_to_missing?(name, priv = false) = @target.respond_to?(name, priv)
end
r = Recorder.new([3, 1, 2])
p r.sort, r.map { |x| x * 2 }, r.size, r.push(9), r.first(2)
p r.__calls.map(&:first), r.__calls.last
class OpenStructLike
  def initialize(h = {}) = @h = h.transform_keys(&:to_sym)
  def method_missing(name, *args)
    key = name.to_s
    if key.end_with?("=")
      @h[key.chomp("=").to_sym] = args.first
    elsif @h.key?(name)
      @h[name]
    else
      super
    end
  end
  def respond_to_missing?(name, priv = false) = @h.key?(name.to_s.chomp("=").to_sym) || super
  def to_h = @h
end
os = OpenStructLike.new("name" => "Ann", age: 30)
os.email = "ann@example.com"
p os.name, os.age, os.email, os.respond_to?(:age), os.respond_to?(:zip), os.to_h
begin
  os.zip
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
class Dyn
  def method_missing(name, *args)
    return "dyn_#{name}(#{args.join(',')})" if name.start_with?("dyn_")
    super
  end
  def respond_to_missing?(n, p = false) = n.start_with?("dyn_") || super
end
d = Dyn.new
p d.dyn_a, d.dyn_b(1, 2), d.respond_to?(:dyn_x), d.method(:dyn_q).call(7)
begin
  d.other(1)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
  p e.name, e.args
end
