# dup vs clone: frozen state, singleton methods, initialize_copy deep copies
# (the FrozenError message holds two object addresses: gsub masks both)
class Doc
  attr_reader :title, :tags
  def initialize(title, tags) = (@title = title; @tags = tags)
  def initialize_copy(src)
    super
    @tags = src.tags.dup
  end
end
d = Doc.new("t", ["a"])
def d.special = :special
c = d.clone
u = d.dup
u.tags << "b"
p d.tags, u.tags, c.respond_to?(:special), u.respond_to?(:special)
d.freeze
p d.frozen?, d.clone.frozen?, d.dup.frozen?, d.clone(freeze: false).frozen?, d.tags.frozen?
begin
  d.instance_variable_set(:@title, "x")
rescue FrozenError => e
  puts "FrozenError: #{e.message.gsub(/0x\h+/, "XX")}"
end
s = "str".freeze
p s.frozen?, s.dup.frozen?, (+s).frozen?, (-"lit").frozen?, s.upcase.frozen?
arr = [[1], [2]].freeze
p arr.frozen?, arr[0].frozen?, arr.map(&:dup).frozen?
arr[0] << 9
p arr
h = {k: "v"}.freeze
p h.merge(z: 1).frozen?, h.to_a.frozen?, h[:k].frozen?
p 1.frozen?, :s.frozen?, nil.frozen?, 1.5.frozen?, (1..2).frozen?, "a#{1}".frozen?
o = Object.new.freeze
p o.dup.frozen?, o.clone.frozen?
