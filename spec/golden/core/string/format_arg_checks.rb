# String#% / format: argument conversion (to_ary, Kernel#Integer/Float
# rules, %c), directive parsing errors, the result's encoding.
def t
  p yield
rescue StandardError => e
  puts "#{e.class}: #{e.message}"
end

class ToAry; def to_ary; ["x", 2]; end; end
class NilAry; def to_ary; nil; end; def to_s; "nil-ary"; end; end
class BadAry; def to_ary; "x"; end; end
class IntAndI; def to_int; 6; end; def to_i; 5; end; end
class OnlyI; def to_i; 5; end; end
class BadF; def to_f; "1"; end; end
t { "%s %d" % ToAry.new }
t { "%s" % NilAry.new }
t { "%s" % BadAry.new }
t { "%d %x %b" % [IntAndI.new, OnlyI.new, "0b1101_0000"] }
t { "%d" % "0__7" }
t { "%d" % Object.new }
t { "%f" % Object.new }
t { "%f" % BadF.new }
t { "%f" % "10." }
t { "%c%c%c" % [65, "xyz", 0x3042] }
t { "%5c|%-3c|" % ["été", 233] }
t { "%c" % nil }
t { "%c" % -1 }
t { "%c" % 0x110000 }
t { "%c".encode("US-ASCII") % 1286 }
t { ("%c".b % 200).bytes }
t { "%*1$.*2$3$d|" % [10, 5, 1] }
t { "%*1$.*2$3$d|" % [-10, 5, 1] }
t { "%*1$.*2$3$d|" % [10, -5, 1] }
t { "%1$1$s" % ["a"] }
t { "%**s" % [5, 5, 5] }
t { "%5*s" % [5, 5] }
t { "%.5.5s" % [5] }
t { "%5#d" % [1] }
t { "%.3-d" % [1] }
t { "%.25555555555555555555s" % ["a"] }
t { "%2147483647s" % ["a"] }
t { "%\n" % [] }
t { " % " % [] }
t { "foo%quux" % [] }
t { "%{foo}" % Hash.new { nil } }
t { "%<foo>s" % Hash.new(nil) }
t { ("%s".encode("US-ASCII") % "a").encoding }
t { ("%s".encode("US-ASCII") % "\u3042").encoding }
t { "\xff%s".b % "\u3042" }
t { "%s" % [1, 2] }
t { "%2$s" % [1, 2, 3] }
