# Messages of exceptions raised by core methods
def show
  yield
  puts "no error"
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
show { nil.foo }
show { 5.foo }
show { "s".foo(1) }
show { [].foo }
show { Object.new.bar } 
show { class Blank; end; Blank.new.baz }
show { undefined_local_or_method }
show { UndefinedConstant }
show { Math::Nope }
show { 1 / 0 }
show { Integer("x") }
show { [1, 2].fetch(5) }
show { {a: 1}.fetch(:b) }
show { "abc".to_sym.to_proc.call(1) }
show { raise "plain" }
show { raise ArgumentError }
show { raise ArgumentError, "custom arg" }
show { raise TypeError.new("typed") }
show { def m(a, b) = a; m(1) }
show { def m2(a) = a; m2(1, 2, 3) }
show { def m3(a:) = a; m3 }
show { def m4(a: 1) = a; m4(b: 2) }
show { [1, 2].first(-1) }
show { "x" * -1 }
show { [3, "a"].max }
show { :sym + 1 }
show { "a" + 1 }
show { 1 + "a" }
show { [1] + nil }
show { Float("") }
show { "abc".freeze << "d" }
show { FROZEN = [1].freeze; FROZEN << 2 }
show { raise IOError }
show { loop { raise StopIteration, "stop!" }; puts "loop swallowed StopIteration" }
show { [].each.next }
show { Comparable.new }
show { Integer.new }
show { BasicObject.new.inspect }
show { class Priv; private def secret = 1; end; Priv.new.secret }
show { throw :unknown_tag }
show { "%d" % "z" }
show { [1, 2, 3].each_slice(0) }
show { Hash.new(1) { } }
show { :a <=> 1; [1, nil].sort }
show { Struct.new(:a).new(1, 2) }
show { nil.upcase! }
show { x = 5; x.() }
show { exit 2 }
show { raise Exception, "base" }
show { raise Interrupt } 
show { Dir.entries("/nonexistent/path/x") }
show { "é".encode("ASCII") }
show { "\xff".force_encoding("UTF-8").encode("UTF-16") }
