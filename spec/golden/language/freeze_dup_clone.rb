class Pt
  attr_accessor :x, :tags
  def initialize(x) = (@x, @tags = x, [])
  def initialize_copy(src)
    super
    @tags = src.tags.dup
  end
end
a = Pt.new(1)
a.tags << :t
b = a.dup
b.tags << :u
p a.tags, b.tags
a.freeze
p a.frozen?
begin
  a.x = 2
rescue FrozenError => e
  puts e.class
  puts e.message.sub(/0x\h+/, "XX")
end
c = a.clone
p c.frozen?
d = a.clone(freeze: false)
p d.frozen?
d.x = 5
p d.x
e = a.dup
p e.frozen?
arr = [1, [2, 3]].freeze
p arr.frozen?, arr[1].frozen?
begin
  arr << 4
rescue => err
  p err.class, err.message
end
h = {a: 1}.freeze
begin
  h[:b] = 2
rescue => err
  p err.message
end
str = "abc".freeze
p str.upcase, str.frozen?, str.upcase.frozen?
s2 = str.dup
s2 << "d"
p s2
o = Object.new
def o.hi = :hi
p o.clone.hi
p (o.dup.hi rescue :no_singleton_on_dup)
p :sym.frozen?, 1.frozen?, nil.frozen?, "lit".frozen?
CONST = %w[a b].freeze
p CONST.map(&:frozen?)
