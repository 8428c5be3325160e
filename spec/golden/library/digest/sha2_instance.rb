# Digest::SHA2 is its own class (bit length 256/384/512, its inspect, dup,
# == another digest), Digest::Class.hexdigest on it, Digest::Instance's
# protocol for a program's own class (RuntimeError for what it lacks,
# Instance#new, digest over reset/update/finish).
require 'digest'
d = Digest::SHA2.new
p d.class, d.digest_length, d.block_length
p d.hexdigest
d << "test"
p d.hexdigest("abc")
p d.hexdigest
p Digest::SHA2.hexdigest("abc")
e = Digest::SHA2.new(512)
e.update("x")
p e.hexdigest.size, e.digest_length, e.block_length, e.inspect
f = e.dup
p f == e, f.class, f.hexdigest == e.hexdigest
p Digest::SHA2.new(384).hexdigest("") == Digest::SHA384.hexdigest("")
begin; Digest::SHA2.new(100); rescue ArgumentError => x; p x.message; end
p Digest::SHA2.new.inspect
p Digest::SHA2.new == Digest::SHA256.new
p Digest::SHA2.base64digest("a")
c = Class.new { include Digest::Instance }
begin; c.new << "test"; rescue RuntimeError => e; p e.class; end
p Digest::Instance.instance_method(:update) == Digest::Instance.instance_method(:<<)
d = Digest::MD5.new
d << "test"
n = d.new
p n.equal?(d), n.hexdigest, d.hexdigest
class Foo < Digest::Class; end
begin; Foo.hexdigest("a"); rescue => e; p e.class, e.message; end
class Sum8 < Digest::Class
  def initialize; @s = 0; end
  def reset; @s = 0; self; end
  def update(str); str.each_byte { |b| @s = (@s + b) & 255 }; self; end
  alias << update
  private def finish; @s.chr.b; end
end
p Sum8.hexdigest("abc"), Sum8.digest("ab"), Sum8.new.update("a").hexdigest
