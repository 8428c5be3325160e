# Error classes and messages of the json library.
require 'json'

def try(label)
  result = yield
  puts "#{label}: #{result.inspect}"
rescue JSON::ParserError, JSON::GeneratorError, TypeError => e
  puts "#{label}: #{e.class}: #{e.message}"
end

["", "   ", "{", "[1,]", '{"a":1,}', "[1 2]", "nul", '{"a" 1}', '"abc', "[NaN]", "[Infinity]",
 "[-Infinity]", "  [1] x", '{"a":1} {"b":2}', "[01]", "[1.]", "[-]", "[1-2]", "[1e5x]", "[truex]",
 '{"a":truex}', '["a"x]', "[1,2", '{"a":[1,}', '[{"a":1,}]', '{"a":{"b":1,}}', "[1]/x", '{1:2}',
 "[\"tab\there\"]", '["\u12"]', '["\ud83d"]', '["\ud83dabcde"]', "tru",
 '["abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop'].each do |src|
  try(src.inspect) { JSON.parse(src) }
end

try("nil") { JSON.parse(nil) }
try("int") { JSON.parse(12) }
try("nesting") { JSON.parse("[[[[1]]]]", max_nesting: 3) }
try("nesting obj") { JSON.parse('{"a":{"b":{"c":{}}}}', max_nesting: 3) }
try("no limit") { JSON.parse("[[[[1]]]]", max_nesting: false) }
try("deep default") { JSON.parse("[" * 101 + "]" * 101) }
try("deep ok") { JSON.parse("[" * 100 + "]" * 100).flatten }
try("gen nan") { JSON.generate(Float::NAN) }
try("gen inf") { JSON.generate([Float::INFINITY]) }
try("gen -inf") { JSON.generate({"x" => -Float::INFINITY}) }
try("gen bad utf8") { JSON.generate(["\xff"]) }
try("gen bad binary") { JSON.generate(["ok\xC3".b]) }
try("gen cycle") { a = []; a << a; JSON.generate(a) }
try("gen depth") { JSON.generate([[[[1]]]], max_nesting: 3) }
try("to_json not string") { o = Object.new; def o.to_json(*) = 42; JSON.generate([o]) }

p JSON::ParserError.ancestors.take(4)
p JSON::NestingError.superclass, JSON::GeneratorError.superclass, JSON::JSONError.superclass

begin
  JSON.parse("{oops}")
rescue JSON::ParserError => e
  puts "rescued #{e.class}: #{e.message}"
end
begin
  JSON.parse("[1, 2")
rescue StandardError => e
  puts "as StandardError: #{e.message}"
end
