# Array.try_convert, Hash.try_convert, Hash#flatten, Array#fetch_values
o = Object.new; def o.to_ary; [1]; end
b = Object.new; def b.to_ary; "x"; end
n = Object.new; def n.to_ary; nil; end
p Array.try_convert([1]), Array.try_convert(o), Array.try_convert(n), Array.try_convert(1)
begin; Array.try_convert(b); rescue TypeError => e; p e.message; end
h = Object.new; def h.to_hash; {a: 1}; end
p Hash.try_convert({b: 2}), Hash.try_convert(h), Hash.try_convert(1)
p({a: [1, [2]], b: 3}.flatten, {a: [1, [2]], b: 3}.flatten(2), {a: [1, [2]]}.flatten(0), {a: [1, [2]]}.flatten(-1))
a = [10, 20, 30]
p a.fetch_values(0, -1), a.fetch_values, a.fetch_values(5) { |i| i * 2 }
begin; a.fetch_values(44); rescue IndexError => e; p e.message; end
