# inspect / to_s formats of common built-in values (3.4 formats)
require "set"
S = Struct.new(:a, :b)
D = Data.define(:x)
values = [
  nil, true, 1, -1.5, 2**70, 1e-9, "str", :sym, :"odd sym", 1..2, 1...2, (1..), (..5), ("a".."c"),
  [1, [2]], {a: 1, "b" => 2, 3 => :c, nil => nil}, S.new(1, "x"), D.new(x: [1]), Set[1, 2],
  Time.utc(2024, 5, 6, 7, 8, 9), RuntimeError.new("boom"), ArgumentError.new, Comparable, Integer, Class,
  /re+gex/i, 1.0 / 0, -0.0, "tab\t\"q\"", :+, [], {}, Float::NAN, 12.0, 100000000000000000.0,
]
values.each { |v| puts "#{v.class.name.ljust(14)} inspect=#{v.inspect}  to_s=#{v.to_s}" }
p(S.new(nil, S.new(1, 2)), {k: D.new(x: {y: 1})}, [Set[], Set[[1]]])
p 1.method(:+).inspect.start_with?("#<Method: Integer#+"), :upcase.to_proc.inspect.start_with?("#<Proc:")
