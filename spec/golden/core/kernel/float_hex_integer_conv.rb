# Kernel#Float of hexadecimal strings (fraction, binary exponent, '_'), the
# exception: option check of Float/Integer, and Kernel#Integer's conversion
# order (#to_int, #to_str, #to_i) as CRuby's rb_convert_to_integer.
%w[0x10 -0x10 +0x1f 0x1_0 0x1_0a 0xa_1 0xa_1p1 0x1_0p10 0x10p1_0 0x1.8p0 0x0.8 0x.8 0x1. 0x1.p1 0x1p+3 0x1p-3 0x1p 0xp1 0x1p1.0 0x10_p10 0x10p10_ 0x_10 0x1p10000 0x1p-10000 0x1.8 0xA.Bp1 0x1__0 0x1.8_8 0x1.p 0x1e3 0x1P3 0x].each do |s|
  r = Float(s, exception: false)
  puts "#{s.inspect} #{r.inspect}"
end
p Float(" 0x10 ")
p Float("0x1p3\n")
[0, nil, "false", false].each { |v| begin; p Float("1", exception: v); rescue => e; p e; end }
def t; p yield; rescue => e; p e; end
[0, nil].each { |v| begin; p Integer("1", exception: v); rescue => e; p e; end }
class A; def to_int = "1"; def to_i = 42; end
class B; def to_str = "17"; end
class C; def to_int = nil; def to_i = 3; end
class D; def to_i = "x"; end
class E; def to_int = raise("boom"); def to_i = 5; end
class F; def to_int = nil; end
t { Integer(A.new) }
t { Integer(B.new) }
t { Integer(B.new, 8) }
t { Integer(C.new) }
t { Integer(D.new) }
t { Integer(D.new, exception: false) }
t { Integer(E.new) }
t { Integer(F.new) }
t { Integer(F.new, exception: false) }
t { Integer(Object.new, 2) }
t { Integer("0x1A") }
t { Integer(12.5) }
