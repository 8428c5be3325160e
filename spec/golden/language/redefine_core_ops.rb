# Redefining a core operator by any route (def, define_method, alias_method,
# prepend) must defeat the compiler's inline fast paths.
a = [1, 2, 3]
h = Hash.new { |hh, k| hh[k] = k.to_s * 2 }
p a[0], a[-1], a[5], h[:ab], h
class Sub < Array
  def [](i) = "sub#{i}"
end
p Sub.new([1])[0]
b = [9]
def b.[](i) = "singleton"
p b[0]
p({ "k" => 1 }["k"], { "k" => 1 }["z"])
p 1 - 2, 3 * 4, 7 + 1
class Integer
  define_method(:-) { |o| "minus #{o}" }
  alias_method :*, :-
end
p 1 - 2, 3 * 4, 7 + 1
module Pre
  def [](i) = "pre#{i}"
end
class Array
  prepend Pre
end
p [1, 2][0]
class Hash
  alias_method :[], :fetch
end
begin
  p({ a: 1 }[:b])
rescue KeyError => e
  p e.message
end
