# Kernel#String/Array/Hash conversion errors (no #to_s, #to_a nil or not an
# Array, #to_hash not a Hash) and Kernel#exit's status through #to_int.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
class NoToS < BasicObject; end
class RespNo; def respond_to?(m, p = false) = m == :to_s ? false : super; end
class UndefToS; undef_method :to_s; end
class ToANil; def to_a = nil; end
class ToABad; def to_a = 1; end
class ToHBad; def to_hash = 1; end
class I; def to_int = 3; end
t { String(RespNo.new) }
t { String(UndefToS.new) }
t { String(1) }
t { Array(ToANil.new) .size }
t { Array(ToABad.new) }
t { Hash(ToHBad.new) }
t { Hash([]) }
t { begin; exit(I.new); rescue SystemExit => e; e.status; end }
t { begin; exit(2.9); rescue SystemExit => e; e.status; end }
t { begin; exit("x"); rescue SystemExit => e; e.status; end }
