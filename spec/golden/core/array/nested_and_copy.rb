# nested arrays, shallow vs deep copy, aliasing pitfalls, multi-dimensional grids
grid = Array.new(3) { Array.new(3, 0) }
grid[1][1] = 5
p grid
bad = Array.new(3, [])
bad[0] << :x
p bad
shallow = grid.dup
shallow[0][0] = 9
p grid[0][0]
deep = grid.map(&:dup)
deep[2][2] = 7
p grid[2][2], deep[2][2]
def deep_copy(o)
  case o
  when Array then o.map { |e| deep_copy(e) }
  when Hash then o.to_h { |k, v| [k, deep_copy(v)] }
  else o
  end
end
orig = [[1, [2]], {a: [3]}]
m = deep_copy(orig)
m[0][1] << 99
m[1][:a] << 98
p orig, m
p grid.flatten.sum, grid.transpose.map(&:sum), grid.map { |r| r.join(" ") }
board = Array.new(4) { |r| Array.new(4) { |c| (r + c).even? ? "#" : "." } }
puts board.map(&:join)
p board.each_with_index.flat_map { |row, r| row.each_index.select { |c| row[c] == "#" }.map { |c| [r, c] } }.size
rot = board.transpose.map(&:reverse)
p rot.map(&:join) == board.map(&:join).reverse
p [[1, 2], [3, 4]].map(&:reverse), [[1, 2], [3, 4]].flat_map(&:reverse), [[1, [2, [3, [4, [5]]]]]].flatten(2)
a = [1, 2, 3]
b = a
b << 4
p a, a.equal?(b)
c = a + []
c << 5
p a, c
nested = {list: [1, 2]}
copy = nested.dup
copy[:list] << 3
p nested
e = [[0] * 2] * 2
e[0][0] = 1
p e
