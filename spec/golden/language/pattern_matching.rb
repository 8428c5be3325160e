def describe(x)
  case x
  in Integer => n if n < 0 then "negative #{n}"
  in 0 then "zero"
  in Integer | Float => n then "number #{n}"
  in String => s unless s.empty? then "string #{s}"
  in "" then "empty string"
  in [] then "empty array"
  in [Integer => a] then "one int #{a}"
  in [1, *rest] then "starts with 1, rest #{rest}"
  in [_, _, *] => arr if arr.size > 3 then "long array"
  in [a, b] then "pair #{a},#{b}"
  in {name: String => name, age: Integer => age} if age >= 18 then "adult #{name}"
  in {name:} then "person #{name}"
  in {type: :circle, r:} then "circle #{r}"
  in Symbol then "symbol"
  in nil then "nil"
  else "other"
  end
end
[-5, 0, 7, 2.5, "hi", "", [], [9], [1, 2, 3], [5, 6, 7, 8], [5, 6], {name: "Al", age: 30},
 {name: "Kid", age: 5}, {type: :circle, r: 2}, :sym, nil, 3..4].each { |v| puts describe(v) }
config = {db: {user: "admin", port: 5432}, mode: "dev"}
case config
in {db: {user:, port: Integer => port}, mode: "dev" | "test" => mode}
  puts "user=#{user} port=#{port} mode=#{mode}"
end
case [1, [2, [3, 4]]]
in [a, [b, [*c]]]
  p [a, b, c]
end
expected = 5
case 5
in ^expected then puts "pinned match"
end
case {status: "ok", items: [1, 2]}
in {status: "ok", items: [first, *]}
  p first
end
case [1, "x", :y, 2.0]
in [Integer, String, Symbol, Float] => all
  p all
end
arr = [1, 42, "x", :k]
case arr
in [*, String => s, *post]
  p s, post
end
{k: 1, rest1: 2, rest2: 3} => {k:, **others}
p k, others
[1, [2, 3]] => [one, [two, three]]
p one + two + three
begin
  case 99
  in String then 1
  end
rescue NoMatchingPatternError => e
  p e.class, e.message
end
begin
  {a: 1} => {b:}
rescue NoMatchingPatternKeyError => e
  p e.class
end
class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def deconstruct = [x, y]
  def deconstruct_keys(keys) = {x:, y:}
end
case Vec.new(1, 2)
in [a, b] then p [:arr, a, b]
end
case Vec.new(3, 4)
in {x: 3, y:} then p [:hash, y]
end
case Vec.new(0, 9)
in Vec(x: 0, y:) then p [:const_hash, y]
end
case Vec.new(5, 6)
in Vec[a, b] then p [:const_arr, a, b]
end
case 7
in 1..5 then p :low
in 6.. then p :high
end
case {a: nil}
in {a: nil} then p :nil_value
end
case {}
in {} then p :empty_hash
end
case {x: 1}
in {x: 1, **nil} then p :exact
end
