# Reassigning a constant prints CRuby's two-line warning on $stderr (with the
# location of the previous definition); $VERBOSE = nil silences it.
X = 1
X = 2
class Foo
  Y = 3
  Y = 4
end
Foo::Y = 5
module Bar
  Z = :a
end
Bar.const_set(:Z, :b)
Object.const_set(:X, 9)
p X, Foo::Y, Bar::Z
$VERBOSE = nil
X = 10
$VERBOSE = false
X = 11
p X
STDOUT.flush
