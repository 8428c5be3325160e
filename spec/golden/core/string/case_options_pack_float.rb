# String#upcase & co. options checked as CRuby's check_case_options
# (:fold only for downcasing, :turkic/:lithuanian pairs, too many), and
# Array#pack's float directives.
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { "abc".upcase("x") }
t { "abc".upcase(:bogus) }
t { "abc".upcase(:ascii, :turkic) }
t { "aBc".upcase(:turkic, :lithuanian) }
t { "aBc".upcase(:lithuanian, :turkic) }
t { "ABC".downcase(:fold) }
t { "Straße".downcase(:fold) }
t { "abc".upcase(:fold) }
t { "abc".upcase(:lithuanian, :ascii) }
t { "abc".capitalize(:fold) }
t { "abc".swapcase!(:fold) }
t { "abc".downcase(:fold, :ascii) }
t { "abc".downcase(1, 2, 3) }
t { "iI".upcase(:turkic) }
# pack float directives: rb_to_float (TypeError "can't convert X into Float"), modifiers, too few.
%w[d D e E f F g G].each do |d|
  t { [1.0].pack("#{d}!") }
  t { [1.0].pack("#{d}_") }
  t { [].pack(d) }
  t { [Object.new].pack(d) }
  t { [2**64].pack(d) }
end
t { [1].pack("a") }
t { ["a"].pack("a!") }
t { "abc".upcase(:fold) }
t { "abc".upcase(:lithuanian, :ascii) }
t { "abc".upcase(:turkic, :lithuanian) }
t { "abc".capitalize(:fold) }
t { "abc".swapcase(:fold) }
t { "abc".downcase(:fold, :ascii) }
