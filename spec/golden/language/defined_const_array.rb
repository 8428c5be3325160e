# defined? of a scoped constant looks at the scope's ancestors (Object only
# for Object itself), of an Array literal at each element; __ENCODING__ is
# an expression.
module DM; class Basic; X = 1; end; end
module Inc; IC = 2; end
class WithInc; include Inc; end
TOPC = 3
p defined?(DM::Basic::String), defined?(DM::String), defined?(DM::Basic::X), defined?(WithInc::IC), defined?(Object::TOPC), defined?(::TOPC), defined?(DM::Basic::TOPC)
p defined?(Comparable::String), defined?(Float::INFINITY), defined?(Class::String)
p defined?(__ENCODING__), defined?([1, 2]), defined?([1, undefined_thing]), defined?([undefined_a, undefined_b]), defined?([1, *[2]]), defined?([]), defined?([String, Nope])
x = 5
p defined?([x, @iv, $gv])
class PrivC; SECRET = 1; private_constant :SECRET; OPEN = 2; end
PRIVTOP = 3
Object.send(:private_constant, :PRIVTOP)
p defined?(PrivC::SECRET), defined?(PrivC::OPEN), defined?(::PRIVTOP), defined?(PRIVTOP)
