# Enumerable#tally(hash): to_hash conversion, FrozenError before iterating,
# the Hash's default ignored, TypeError for a count that is not an Integer.
class Numerous
  include Enumerable
  def initialize(*list) = @list = list
  def each(&b) = @list.each(&b)
end
enum = Numerous.new('foo', 'bar', 'foo', 'baz')
p enum.tally({ 'foo' => 1 })
h = { 'foo' => 1 }
p enum.tally(h).equal?(h)
o = Object.new
def o.to_hash; { 'foo' => 1 }; end
p enum.tally(o)
begin; enum.tally({ 'foo' => 1 }.freeze); rescue => e; p e.class; end
begin; Numerous.new.tally({ 'foo' => 1 }.freeze); rescue => e; p e.class; end
p enum.tally(Hash.new(100))
p enum.tally(Hash.new {100})
begin; Numerous.new('foo').tally({ 'foo' => 'bar' }); rescue => e; p e.class, e.message; end
begin; Numerous.new('foo').tally(3); rescue => e; p e.class, e.message; end
p [1,1,2].tally, [1,1].tally({1=>2**64})
begin; [1].tally({1=>'x'}); rescue => e; p e.class, e.message; end
begin; [1].tally(3); rescue => e; p e.class, e.message; end
begin; [].tally({}.freeze); rescue => e; p e.class, e.message; end
