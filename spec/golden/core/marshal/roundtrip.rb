# Marshal.load of what Marshal.dump wrote: equal objects, shared references
# and cycles kept, user hooks called.
Point = Struct.new(:x, :y)
Measure = Data.define(:amount, :unit)

class Account
  attr_reader :owner, :balance, :history
  def initialize(owner, balance)
    @owner = owner
    @balance = balance
    @history = [[:open, balance]]
  end
end

class Session
  attr_reader :user, :token
  def initialize(user)
    @user = user
    @token = "secret"
  end
  def marshal_dump
    [@user]
  end
  def marshal_load(data)
    @user = data.first
    @token = nil
  end
end

class Version
  attr_reader :parts
  def initialize(s)
    @parts = s.split(".").map(&:to_i)
  end
  def _dump(level)
    @parts.join(".")
  end
  def self._load(s)
    new(s)
  end
end

class Node
  attr_accessor :value, :next_node
  def initialize(v)
    @value = v
  end
end

def rt(v) = Marshal.load(Marshal.dump(v))

data = [nil, true, false, 42, -7, 2**100, -(2**65), 3.25, -0.0, "text", "bin\xff".b,
        :sym, [1, [2, [3]]], {"k" => [1, 2], k2: {nested: true}}, 1..10, "a"..."z",
        Point.new(1, 2), Rational(3, 4), Complex(1, -1)]
data.each { |v| r = rt(v); p [r, r == v || (v.is_a?(Float) && r.to_s == v.to_s)] }
p rt(-0.0).to_s, rt(Float::NAN).nan?, rt(Float::INFINITY)
p rt("caf\u00e9").encoding, rt("x".b).encoding, rt("x".encode("US-ASCII")).encoding,
  rt("\u00e9".encode("ISO-8859-1")).encoding

m = rt(Measure.new(amount: 5, unit: "km"))
p m, m.frozen?

acct = rt(Account.new("ann", 100))
p acct.class, acct.owner, acct.balance, acct.history

s = rt(Session.new("bob"))
p s.user, s.token

v = rt(Version.new("3.4.1"))
p v.class, v.parts

shared = "same"
arr = rt([shared, shared, {shared => shared}])
p arr, arr[0].equal?(arr[1]), arr[2].keys[0].equal?(arr[0])

a = Node.new(1)
b = Node.new(2)
a.next_node = b
b.next_node = a
ra = rt(a)
p ra.value, ra.next_node.value, ra.next_node.next_node.equal?(ra)

cyc = [1]
cyc << cyc
rc = rt(cyc)
p rc[0], rc[1].equal?(rc)

h = Hash.new("none")
h[:x] = 1
rh = rt(h)
p rh[:x], rh[:missing]
ident = {}.compare_by_identity
ident["k"] = 1
p rt(ident).compare_by_identity?

module Greeter
  def greet = "hi from #{self.class}"
end
g = rt(Object.new.extend(Greeter))
p g.greet, g.singleton_class.include?(Greeter)

t = Time.at(1700000000, 123456789, :nsec).utc
rt_t = rt(t)
p rt_t, rt_t.nsec, rt_t.utc?, rt_t == t
f = Time.new(2024, 5, 6, 7, 8, 9, "+09:00")
p rt(f).utc_offset, rt(f) == f

e = rt(ArgumentError.new("bad value"))
p e.class, e.message, e.backtrace

seen = []
res = Marshal.load(Marshal.dump(["a", :b, [1]]), proc { |o| seen << o; o })
p res, seen
fr = Marshal.load(Marshal.dump(["x", "x", {k: "v"}]), freeze: true)
p fr.frozen?, fr[0].frozen?, fr[0].equal?(fr[1]), fr[2].frozen?

p Marshal.restore(Marshal.dump([1, "two"]))
