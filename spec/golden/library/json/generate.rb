# Generating JSON from core objects and user classes.
require 'json'

class Point
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def to_h = {"x" => x, "y" => y}
  def to_json(*a) = to_h.to_json(*a)
end

class Tagged
  def initialize(name) = @name = name
  def to_s = "Tagged(#{@name})"
end

Line = Struct.new(:from, :to) do
  def to_json(*args) = {from: from, to: to}.to_json(*args)
end

puts JSON.generate({"a" => 1, :b => [1, 2.5, nil, true, false], 3 => "x", nil => 1e20, 1.5 => 1.0e-5})
puts JSON.generate(["quote\" backslash\\ newline\n tab\t ctrl\u0001 slash/ é 😀"])
puts JSON.generate([Point.new(1, 2), Tagged.new("t"), :sym, 12345678901234567890, 2**70, 1.0 / 3, 100.0, -0.0])
puts JSON.pretty_generate({"points" => [Point.new(1, 2), Point.new(3, 4)], "empty" => {}, "none" => [], "line" => Line.new(Point.new(0, 0), Point.new(5, 5))})
puts JSON.pretty_generate([])
puts JSON.pretty_generate({})
puts JSON.pretty_generate([[], [[]], {"a" => {}}])
puts JSON.pretty_generate("just a string")
puts [1, "two", nil, [3.0]].to_json
puts({name: "x", list: [1, 2]}.to_json)
puts "str".to_json, nil.to_json, 42.to_json, 1.5.to_json, :sym.to_json, true.to_json, false.to_json
puts Tagged.new(1).to_json
puts Point.new(7, 8).to_json
puts JSON.generate(1..3)
puts JSON.generate({Tagged.new("k") => 1, 2 => 3, :s => 4})
puts JSON.generate("\u007f\u0000\u001f\b\f\r")
puts JSON.generate("</script> \u2028", script_safe: true)
puts JSON.generate("é😀", ascii_only: true)
puts JSON.generate({"a" => [1, 2]}, indent: "\t", space: " ", object_nl: "\n", array_nl: "\n")
puts JSON.pretty_generate({"a" => [1, 2]}, indent: "    ", space_before: " ")
puts JSON.generate([1, 2], indent: "  ")
puts JSON.dump({"nan" => Float::NAN, "inf" => Float::INFINITY})
puts JSON.generate([Float::INFINITY, -Float::INFINITY, Float::NAN], allow_nan: true)
puts JSON([1, 2])
p JSON('[1, 2]')
p JSON[{"k" => "v"}], JSON['{"k": "v"}']
h = {"k" => "v"}
puts h.to_json == JSON.generate(h)
