class Proxy < BasicObject
  def initialize(target)
    @target = target
    @log = []
  end
  def method_missing(name, *args, &blk)
    @log << name
    @target.__send__(name, *args, &blk)
  end
  def respond_to_missing?(n, p = false) = @target.respond_to?(n, p)
  def __log = @log
end
pr = Proxy.new([3, 1, 2])
p pr.sort
p pr.map { |x| x * 2 }
p pr.size
p pr.__log
p BasicObject.superclass
p Proxy.ancestors
p BasicObject.instance_methods.sort
class Blank < BasicObject
  def inspect = "Blank"
end
b = Blank.new
p b
p(b == b, b != b, !b)
p b.__id__.is_a?(::Integer)
p b.instance_eval { 42 }
