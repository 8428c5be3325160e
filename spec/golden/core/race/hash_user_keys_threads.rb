# Keys with a user-defined #hash and #eql? stored into one Hash from 4
# threads: the Ruby methods run outside the Hash's object lock and the
# lookup is re-checked under it, so equal keys never make two entries.
# golden: ruby31
class Key
  attr_reader :v
  def initialize(v) = @v = v
  def hash = @v.hash
  def eql?(o) = o.is_a?(Key) && o.v == @v
end
h = {}
4.times.map do |t|
  Thread.new { 3_000.times { |i| h[Key.new(i % 500)] = t; h.delete(Key.new(i % 7)) if i % 3 == 0 } }
end.each(&:join)
puts h.size == h.keys.map(&:v).uniq.size, h.size == h.to_a.size
puts h.size.between?(493, 500)
puts (7...500).all? { |v| h.key?(Key.new(v)) }
