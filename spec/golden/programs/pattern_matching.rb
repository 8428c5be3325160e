# Pattern matching (case/in) over nested data: arrays, hashes, guards, pins, find patterns, deconstruct
def describe(v)
  case v
  in nil then "nil"
  in Integer | Float => n if n.negative? then "negative number #{n}"
  in 0 then "zero"
  in Integer => n then "int #{n}"
  in Float then "float #{v}"
  in String => s if s.empty? then "empty string"
  in /\A\d+\z/ then "numeric string #{v}"
  in String then "string #{v.inspect}"
  in [] then "empty array"
  in [x] then "singleton #{x.inspect}"
  in [Integer => a, Integer => b] then "int pair sum=#{a + b}"
  in [first, *rest] if rest.size > 2 then "long list starting #{first.inspect} (+#{rest.size})"
  in [_, _, *] then "short list"
  in {type: :circle, r:} then format("circle area %.2f", 3.14159 * r * r)
  in {type: :rect, w:, h:} then "rect area #{w * h}"
  in {name: String => name, age: Integer => age} if age >= 18 then "adult #{name}"
  in {name: String => name} then "person #{name}"
  in Symbol then "symbol #{v}"
  else "unknown #{v.class}"
  end
end

samples = [nil, -3, -2.5, 0, 42, 1.5, "", "123", "abc", [], [:x], [1, 2], [1, "a"], [1, 2, 3, 4], [1, 2, 3],
           {type: :circle, r: 2}, {type: :rect, w: 3, h: 4}, {name: "Ann", age: 30}, {name: "Tim", age: 9},
           {type: :hex}, :sym, 2..3]
samples.each { |s| puts "#{s.inspect.ljust(28)} => #{describe(s)}" }

config = {
  server: {host: "example.com", ports: [80, 443], tls: {cert: "/etc/cert.pem", enabled: true}},
  users: [{name: "root", roles: [:admin]}, {name: "guest", roles: []}, {name: "dev", roles: [:deploy, :read]}],
}
case config
in {server: {host:, ports: [*, 443, *], tls: {enabled: true, cert:}}}
  puts "TLS on #{host} with #{cert}"
end
case config
in {users: [*, {name:, roles: [*, :deploy, *]}, *]}
  puts "deployer: #{name}"
end
config[:users].each do |u|
  case u
  in {roles: []} then puts "#{u[:name]}: no roles"
  in {roles: [role]} then puts "#{u[:name]}: only #{role}"
  in {roles: [_, *] => roles} then puts "#{u[:name]}: #{roles.join('+')}"
  end
end

expected = 5
[[5, "five"], [6, "six"]].each do |pair|
  case pair
  in [^expected, word] then puts "pinned match #{word}"
  in [n, _] then puts "no pin match for #{n}"
  end
end

Point = Struct.new(:x, :y)
class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def deconstruct = [x, y]
  def deconstruct_keys(keys) = {x:, y:}
end
[Point.new(0, 0), Point.new(0, 5), Vec.new(3, 3), Vec.new(1, 2)].each do |pt|
  r = case pt
      in [0, 0] then "origin"
      in {x: 0, y:} then "on y axis at #{y}"
      in Vec(x:, y:) if x == y then "diagonal vec #{x}"
      in Vec[a, b] then "vec #{a},#{b}"
      end
  puts r
end

tokens = [[:num, 1], [:op, "+"], [:num, 2], [:op, "*"], [:lparen], [:num, 3], [:rparen]]
summary = tokens.map do |t|
  case t
  in [:num, Integer => n] then n.to_s
  in [:op, "+" | "-" => o] then " #{o} "
  in [:op, o] then o
  in [:lparen] then "("
  in [:rparen] then ")"
  end
end.join
p summary

res = {status: "ok", data: {items: [{id: 1, tags: ["a"]}, {id: 2, tags: []}]}}
if res in {status: "ok", data: {items: [{id: Integer}, *]}}
  puts "has items"
end
a_in = (1 in Integer)
b_in = ("x" in Integer)
p a_in, b_in
res => {data: {items: [{id: first_id}, *]}}
p first_id
begin
  case {a: 1}
  in {a: String} then :no
  end
rescue NoMatchingPatternError => e
  puts "#{e.class}: #{e.message}"
end
begin
  {a: 1} => {b:}
rescue NoMatchingPatternKeyError => e
  puts "#{e.class}: #{e.message}"
  p e.key
end
case [1, [2, [3, [4]]]]
in [a, [b, [c, [d]]]]
  p a + b + c + d
end
case {k: nil}
in {k: nil} then puts "explicit nil matched"
end
case {only: 1, extra: 2}
in {only: 1, **rest} then p rest
end
case {only: 1}
in {only: 1, **nil} then puts "no extra keys"
end
