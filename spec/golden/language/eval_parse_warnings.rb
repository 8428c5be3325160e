# The parser's warnings about the code of an eval of a literal string, given
# when the eval runs: duplicated hash keys (nested **{} included), duplicated
# when clauses and defined? in void context (verbose), integer flip-flop ends.
$stderr = STDOUT
def t
  puts "-- false"
  $VERBOSE = false
  yield
  puts "-- true"
  $VERBOSE = true
  yield
  $VERBOSE = false
end
t { eval "{foo: :bar, foo: :foo}" }
t { eval "{%q{a} => :bar, %q{a} => :foo}" }
t { eval "{1000 => :bar, 1000 => :foo}" }
t { eval "{1.0 => :bar, 1.0 => :foo}" }
t { eval "{a: 1, **{a: 2, b: 3, c: 1}, c: 3}" }
t { eval "{d: 1, **{a: 2, b: 3, c: 1}, c: 3}" }
t { eval "{a: 1, **{a: 2, **{b: 3, **{c: 4}}, **{d: 5}, }, **{d: 6}}" }
t { eval "case 1\nwhen 2\n  :foo\nwhen 2\n  :bar\nend\n" }
t { eval "10.times { |i| i if 4..5 }" }
t { eval "defined?(String.foo / 2); 42" }
t { eval "x = {a: 1,\n a: 2, a: 3}" }
t { eval "{:\"a b\" => 1, :\"a b\" => 2, 2.5e-5 => 1, 2.5e-5 => 3}" }
