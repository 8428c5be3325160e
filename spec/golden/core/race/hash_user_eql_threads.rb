# User-defined #eql? run by Hash operations from several threads: it may
# use the same Hash, block, or raise.  No Hash lock is held while it
# runs, so none of this deadlocks or leaves the Hash locked, and the keys
# stay unique.  A lookup asks key.eql?(stored), as CRuby does: update with
# Integer keys never calls a stored key's eql?.
# golden: ruby31
class MKey
  attr_reader :v
  def initialize(v, h) = (@v = v; @h = h)
  def hash = 0                      # every key collides
  def eql?(o)
    @h[:touched] = true             # the Hash being probed, from inside the probe
    @h.size
    o.is_a?(MKey) && o.v == @v
  end
end
h = {}
4.times.map do |t|
  Thread.new { 600.times { |i| h[MKey.new(i % 20, h)] = t; h.delete(MKey.new(i % 3, h)) if i % 50 == 0 } }
end.each(&:join)
mk = h.keys.grep(MKey)
puts h.size == mk.size + 1, mk.map(&:v).uniq.size == mk.size, (3...20).all? { |v| h.key?(MKey.new(v, h)) }

# eql? that blocks (at its fifth call in one probe) until another
# thread has used the same Hash
Started = Queue.new
Go = Queue.new
class BKey
  attr_reader :v
  def initialize(v) = (@v = v; @calls = 0)
  def hash = 0
  def eql?(o)
    @calls += 1
    if @v == 2 && @calls == 5
      Started << true
      Go.pop
    end
    o.is_a?(BKey) && o.v == @v
  end
end
hb = [1, 3, 4, 5, 6, 7].to_h { |v| [BKey.new(v), v] }
a = Thread.new { hb[BKey.new(2)] = 2 }
Started.pop
b = Thread.new { hb[:other] = 3; hb.delete(:other); Go << true }
[a, b].each(&:join)
puts hb.size, hb.keys.map { |k| k.is_a?(BKey) ? k.v : k }.inspect

# eql? that raises: the error reaches the caller, the Hash stays usable
class RKey
  attr_reader :v
  def initialize(v) = @v = v
  def hash = 0
  def eql?(o)
    raise ArgumentError, "no" if @v == 99
    o.is_a?(RKey) && o.v == @v
  end
end
hr = { RKey.new(1) => 1 }
errors = Queue.new
4.times.map do |t|
  Thread.new do
    200.times do |i|
      begin
        case i % 3
        when 0 then hr[RKey.new(99)] = t
        when 1 then hr.delete(RKey.new(99))
        else hr.key?(RKey.new(99))
        end
      rescue ArgumentError => e
        errors << e.message
      end
      hr[RKey.new(2 + i % 5)] = t
    end
  end
end.each(&:join)
puts errors.size, hr.size, hr.keys.map(&:v).sort.inspect

# update/replace with Integer keys colliding with stored user keys
class StrictKey
  def hash = 1.hash
  def eql?(o) = o.is_a?(StrictKey) ? equal?(o) : raise("StrictKey#eql? called with #{o.inspect}")
end
s1 = StrictKey.new
hs = { s1 => :a }
4.times.map { |t| Thread.new { 100.times { |i| hs.update(1 => t, i % 4 + 2 => t); hs.merge!(1 => i) } } }.each(&:join)
puts hs.size, hs.key?(s1), hs.key?(1)
hs2 = { s1 => :b }
hs2.replace(hs)
puts hs2.size
