# Corpus: multiple_assignment, heredoc_multi, pattern_matching
a, b, c = 1, 2
puts [a, b, c].inspect
first, *middle, last = [1, 2, 3, 4, 5]
puts first, middle.inspect, last
(x, y), z = [1, 2], 3
puts x + y + z
a, b = b, a
puts a, b
h, = [9, 8]
puts h
def pair = [:l, :r]
l, r = pair
puts l, r

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

def describe(v)
  case v
  in Integer => n if n > 100 then "big #{n}"
  in Integer | Float => n then "num #{n}"
  in [] then "empty"
  in [x] then "one #{x}"
  in [x, *rest] then "many #{x} #{rest.size}"
  in {name: String => nm, age: Integer => age} then "#{nm}/#{age}"
  in {type: :circle, r:} then "circle #{r}"
  else "?"
  end
end
puts describe(500), describe(2.5), describe([]), describe([1]), describe([1, 2, 3])
puts describe({name: "Al", age: 3}), describe({type: :circle, r: 2}), describe("x")
config = {db: {user: "admin", port: 5432}}
config => {db: {user:}}
puts user
puts((1 in Integer))
