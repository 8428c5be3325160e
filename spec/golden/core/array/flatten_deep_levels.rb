# Array#flatten: levels, to_ary elements, cycles only without a level (CRuby
# checks none with one), and a 200,000-deep array (no C recursion).
a = [1, [2, [3, [4, 5]], 6], [], [[7]]]
p a.flatten, a.flatten(1), a.flatten(0), a.flatten(2), a.flatten(-1)
b = a.dup; p b.flatten!, b, [1, 2].flatten!
x = [1]; x << x
begin; x.flatten; rescue ArgumentError => e; puts e.message; end
y = [1, [2]]; p [y, y, [y]].flatten     # the same array twice is no cycle
o = Object.new; def o.to_ary; [8, [9]]; end
p [o, 1].flatten, [o].flatten(1)
deep = [0]; 200_000.times { |i| deep = [deep, i] }
f = deep.flatten; p f.size, f.first(3), f.last
z = [1, [2]]; z[1] << z
begin; z.flatten; rescue ArgumentError => e; puts e.message; end
p [[1, [2]]].flatten(1)
x = [1]; x << x
p x.flatten(1).size
p x.flatten(2).size
y = [1]; y << y
p y.flatten!(1).size
