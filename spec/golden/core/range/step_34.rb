# Range#step as Ruby 3.4 defines it: numeric ranges step arithmetically (a
# Float range with an exclusive end keeps its last value below the end),
# String/Symbol ranges with an Integer step take every n-th #succ, other
# ranges add the step with #+; the errors of beginless and step-less ranges.
def t
  r = []
  x = yield(r)
  p [r, x.class]
rescue => e
  p [e.class, e.message]
end
t { |r| ("a".."e").step(-1) { |x| r << x } }
t { |r| ("a".."e").step(0) { |x| r << x; break if r.size > 3 } }
t { |r| ("a".."e").step(2) { |x| r << x } }
t { |r| ("a"..."e").step(2) { |x| r << x } }
t { |r| (:a..:e).step(2) { |x| r << x } }
t { |r| ("A".."AAA").step("A") { |x| r << x } }
t { |r| ("A".."G").step([]) { |x| r << x } }
t { |r| ("A".."G").step(2.0) { |x| r << x } }
t { |r| ("y"..).step(2) { |x| r << x; break if r.size > 3 } }
t { |r| (..10).step(1) { break } }
t { |r| (..10).step(1) }
t { |r| (..'a').step(1) }
t { |r| (Time.at(0)..Time.at(5)).step }
t { |r| (Time.at(0)..Time.at(5)).step(2) { |x| r << x.to_i } }
t { |r| (Time.at(0)..Time.at(5)).step(2).to_a.size }
t { |r| ("a".."e").step(2) }
t { |r| (1..3).step(1) }
t { |r| (1.0..).step(-1.0) { |x| r << x; break if r.size > 2 } }
t { |r| (1..).step(-2) { |x| r << x; break if r.size > 2 } }
t { |r| (10..1).step(-3) { |x| r << x } }
t { |r| (10...1).step(-3) { |x| r << x } }
t { |r| (2**64..2**64+4).step(2) { |x| r << x } }
t { |r| ("A".."E").step { |x| r << x } }
t { |r| (1..2).step(0) { } }
t { |r| (1..2).step(0.0) { } }
t { |r| (Time.at(0)..Time.at(1)).step(0) { |x| r << x } }

a = []; (-2.0...2.0).step { |x| a << x }; p a
a = []; (-5.0...5.0).step(2) { |x| a << x }; p a
a = []; (1.0...-1.0).step(-0.5) { |x| a << x }; p a
a = []; (1.0...55.6).step(18.2) { |x| a << x }; p a
a = []; (0.0...0.5).step(1.0) { |x| a << x }; p a
a = []; (-2...2.0).step { |x| a << x }; p a
p (-2.0...2.0).step(1).size, (1.0...55.6).step(18.2).size, (1.0...1.0).step(0.5).size, (0.0...0.5).step(1.0).size
p (1.0...2.0).step(0.5).to_a, (1.0..2.0).step(0.5).to_a
p 1.0.step(2.0, 0.5).size
class Mid
  attr_reader :v
  def initialize(v) = @v = v
  def <=>(o) = v <=> o.v
  def +(n) = Mid.new(v + n)
  def inspect = "M#{v}"
end
t { |r| (Mid.new(1)..Mid.new(7)).step(3) { |x| r << x } }
t { |r| (Mid.new(1)...Mid.new(7)).step(3) { |x| r << x } }
t { |r| (Mid.new(7)..Mid.new(1)).step(-3) { |x| r << x } }
t { |r| (Mid.new(1)..Mid.new(7)).step(-3) { |x| r << x } }
