# push/pop/shift/unshift/insert/delete/compact/concat
a = [1, 2, 3]
p a.push(4, 5), a << 6, a.pop, a.shift, a.unshift(0), a.insert(2, :i), a.append(9), a.prepend(-1)
p a.pop(2), a.shift(2), a
p a.delete(:i), a.delete(:none), a.delete(:none) { "nf" }, a.delete_at(0), a.delete_at(99), a
c = [3, nil, 1, nil, 2]
p c.compact, c, c.compact!, c, c.compact!
p c.concat([7, 8], [9]), c.clear, c
d = [5, 3, 1, 4]
p d.delete_if { |x| x > 3 }, d, d.reject! { |x| x > 10 }, d.select! { |x| x > 1 }, d, d.keep_if { true }
e = [1, 2, 3, 4, 5, 6]
p e.slice!(1, 2), e, e.slice!(-1), e, e.fill(0), e.fill { |i| i * i }, e.fill(7, 2), [1, 2, 3].fill(:z, 1, 1)
f = [3, 1, 2]
p f.sort!, f.reverse!, f.map! { |x| x * 10 }, f.uniq!, [1, 1].uniq!, f.shuffle!(random: Random.new(3)).sort, f.replace([9]), f
g = [1, 2, 3]
g.freeze
begin
  g << 4
rescue => ex
  puts "#{ex.class}: #{ex.message}"
end
h = [1, [2, [3, [4]]]]
p h.flatten, h.flatten(1), h.flatten!, h.flatten!
p [1, 2, 3] + [4], [1, 2, 2, 3] - [2], [1, 2] * 2, [1, 2] * ",", [1, 2, 3] & [2, 3, 4], [1, 2] | [2, 3]
p [1, 2, 3].union([4], [5, 1]), [1, 2, 3, 4].intersection([2, 4], [4]), [1, 2, 3].difference([1]), [1, 2].intersect?([2])
