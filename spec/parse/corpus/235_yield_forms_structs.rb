# Corpus: yield_forms, structs, heredoc_multi
def each_pair_of(arr)
  return to_enum(:each_pair_of, arr) unless block_given?
  arr.each_slice(2) { |a, b| yield a, b }
end
each_pair_of([1, 2, 3, 4]) { |x, y| puts x * y }
puts each_pair_of([5, 6]).to_a.inspect
def twice
  yield
  yield
end
count = 0
twice { count += 1 }
puts count
def with_value = yield(10)
puts with_value { |v| v + 1 }

Pair = Struct.new(:left, :right) do
  def sum = left + right
end
pr = Pair.new(1, 2)
puts pr.sum, pr.to_a.inspect, pr.left
Coord = Struct.new(:lat, :lng, keyword_init: true)
c = Coord.new(lat: 1.5, lng: -2.25)
puts c.lat, c.lng

def show(a, b) = puts(a + b)
show(<<~ONE, <<~TWO)
  first body
ONE
  second body
TWO
html = <<~HTML
  <ul>
  #{%w[a b].map { |i| "  <li>#{i}</li>" }.join("\n")}
  </ul>
HTML
puts html
q = <<~"QUOTED"
  quoted #{1 + 2}
QUOTED
puts q
x = [<<~A.upcase, "mid", <<~B.length]
  aa
A
  bbb
B
puts x.inspect
