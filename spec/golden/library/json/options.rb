# JSON strict mode, State options through to_json, pretty_generate options.
require 'json'
def t; yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { puts JSON.generate([:a], strict: true) }
t { puts JSON.generate([Object.new.freeze].map(&:class), strict: true) }
t { puts JSON.generate([1, 2.5, "s", nil, true, {"a" => [1]}], strict: true) }
t { puts({"a" => 1}.to_json(indent: "  ", object_nl: "\n")) }
t { puts [1, [2]].to_json(array_nl: "\n") }
t { puts JSON.pretty_generate("a" => Float::NAN) }
t { puts JSON.pretty_generate({"a" => Float::NAN}, allow_nan: true) }
t { puts JSON.generate("a\u2028b") }
t { p JSON.parse('{"a":1}', symbolize_names: true, freeze: true).frozen? }
t { p JSON.parse('[1,2]', max_nesting: 1) }
t { p JSON.parse('[[1]]', max_nesting: 1) }
t { p JSON.parse('  {"a" : [ 1 , 2 ] }  ') }
t { puts JSON.pretty_generate([1, {"a" => nil}], indent: "\t") }
