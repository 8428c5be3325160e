# Corpus (Ruby 3.4 syntax): hash shorthand, it, pattern matching
Point = Struct.new(:x, :y)
pts = [Point.new(1, 2), Point.new(-1, 5)]
pts.each do
  case it
  in {x: Integer => x, y:} if x > 0 then puts "right #{x},#{y}"
  in Point(x:, y:) then puts "left #{x},#{y}"
  end
end
p({name: "a", "k" => 1})
res = [3, 1, 2].sort.then { it.reverse }
p res
