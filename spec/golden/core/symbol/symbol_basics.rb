# Symbol methods
p :abc, :abc.to_s, :abc.to_sym, "abc".to_sym, :"a b", :abc.inspect, :"a b".inspect
p :abc.length, :abc.size, :abc.upcase, :Abc.downcase, :abc.capitalize, :abc.succ, :abc[1], :abc[0..1]
p :a <=> :b, :b == :b, :a.equal?(:a), "x".to_sym.equal?(:x), :abc.start_with?("a"), :abc.end_with?("c")
p %i[one two three], %i[a b].map(&:to_proc).map { |pr| pr.call("x") rescue :err }
p [1, 2, 3].map(&:to_s), %w[a b].map(&:upcase), [[1, 2], [3, 4]].map(&:sum)
p :sym.to_proc.call("str") rescue p $!.class
p :upcase.to_proc.call("hi"), :+.to_proc.call(2, 3)
p :a.frozen?, :abc.empty?, :"".empty?, :abc.encoding rescue p $!
p [:b, :a, :c].sort, [:b, :a].max, :a.is_a?(Comparable)
h = {name: "x", "name" => "y"}
p h[:name], h["name"], h.keys.map(&:class)
p :foo?.inspect, :bar!.inspect, :baz=.inspect, :@iv.inspect, :@@cv.inspect, :$g.inspect, :Foo.inspect, :"foo-bar".inspect, :+.inspect, :[]=.inspect, :"9".inspect
p :abc.to_proc.arity, :abc.to_proc.lambda?
p :a.hash == :a.hash, :abc.id2name, :abc.name rescue p $!
