# Values the parser produces: numbers, escapes, unicode, options.
require 'json'

p JSON.parse('[1.5e3, 1E+2, 1e-2, 0.1, -0, -0.0, 0, -12, 12345678901234567890123, 1e400]')
p JSON.parse('["\b\f\n\r\t\"\\\\\/", "\u00e9\ud83d\ude00", "\x", "\ud83dabcdefg", "\ud83d\u0041"]')
p JSON.parse('"\u0000"'), JSON.parse('2'), JSON.parse('null'), JSON.parse(' "s" '), JSON.parse('true')
p JSON.parse("\n[\n1\n,\n2\n]\n")
p JSON.parse('/* comment */ [1, // line comment
2 /* x */ ]')
p JSON.parse('{"a" : 1 , "b":2 , "a": 3}')
p JSON.parse('[NaN, Infinity, -Infinity]', allow_nan: true)
p JSON.parse('{"a":{"b":[1,2.5,-3e2,true,false,null]}}', symbolize_names: true)
p JSON.parse('{"a\nb": 1, "\u00e9": 2}', symbolize_names: true)
p JSON.parse('{"a":1}').keys[0].frozen?
p JSON.parse('["a"]')[0].frozen?
r = JSON.parse('{"a": ["b", {"c": "d"}]}', freeze: true)
p r.frozen?, r["a"].frozen?, r["a"][0].frozen?, r["a"][1].frozen?
p JSON.parse("[\"\xff\"]")

class Bag < Hash; end
class List < Array; end
x = JSON.parse('{"a": [1, {"b": 2}]}', object_class: Bag, array_class: List)
p x.class, x["a"].class, x["a"][1].class, x

p JSON.load('{"a": NaN}')["a"].nan?
p JSON.load(''), JSON.load(nil)
begin
  JSON.load("  \n")
rescue JSON::ParserError => e
  puts "blank: #{e.message}"
end
seen = []
JSON.load('[1, {"k": [2]}]', proc { |v| seen << v })
p seen
p JSON.parse!('[NaN]')[0].nan?

data = {"list" => (1..5).to_a, "map" => {"x" => "y"}, "f" => 2.5, "s" => "é\n", "n" => nil}
p JSON.parse(JSON.generate(data)) == data
p JSON.parse(JSON.pretty_generate(data)) == data
p JSON.parse(JSON.dump(data)) == data

s = JSON::State.new(indent: "  ")
p s.indent, s.space, s.max_nesting, s.allow_nan?, s.depth
puts s.generate([1])
p JSON::State.new.to_h
p JSON.state
p JSON::VERSION
