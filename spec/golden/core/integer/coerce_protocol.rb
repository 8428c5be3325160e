# Integer's coercion of other operands as CRuby: bit operators coerce and
# need an Integer back, allbits?/digits take to_int, coerce and fdiv go
# through Float()/to_f; Numerics are immutable: clone and dup give self
begin; p(3 & 1.5); rescue => e; p e; end
begin; p(3 | nil); rescue => e; p e; end
begin; p(3 ^ "x"); rescue => e; p e; end
begin; p((2**70) & 1.5); rescue => e; p e; end
begin; p(3.allbits?(1.5)); rescue => e; p e; end
begin; p(3.allbits?(nil)); rescue => e; p e; end
o = Object.new; def o.coerce(x) [x, 6] end
p(3 & o, 3 | o, 3 ^ o, (2**70) | o)
o2 = Object.new; def o2.to_int; 2; end
p 6.allbits?(o2), 6.anybits?(o2), 6.nobits?(o2)
o = Object.new; def o.to_int; Object.new; end
begin; Integer.try_convert(o); rescue => e; p e; end
o = Object.new; def o.to_int; "s"; end
begin; Integer.try_convert(o); rescue => e; p e; end
begin; 3 << o; rescue => e; p e; end
begin; 3.allbits?(o); rescue => e; p e; end
begin; 3.allbits?(Object.new); rescue => e; p e; end; p 6.allbits?(2.9), (2**70).anybits?(2**70)
o = Object.new; def o.to_f; 2.5; end
p 2.coerce(o) rescue p $!
p 2.coerce(nil) rescue p $!
p 2.coerce("3.5") rescue p $!
p 2.coerce(:x) rescue p $!
p (2**70).coerce(o) rescue p $!
p 6.fdiv(o) rescue p $!
p 6.fdiv(Rational(1,2)) rescue p $!
p 6.fdiv(Complex(1,2)) rescue p $!
p 6.fdiv(nil) rescue p $!
p 6.fdiv("2") rescue p $!
c = Class.new(Numeric) { def to_f; 3.0; end }
p 6.fdiv(c.new) rescue p $!
p (2**70).fdiv(c.new) rescue p $!
p 2.digits(o) rescue p $!
o2 = Object.new; def o2.to_int; 10; end
p 123.digits(o2) rescue p $!
p 123.digits(nil) rescue p $!
p 123.digits(2.5) rescue p $!
p 1.clone.equal?(1)
begin; 1.clone(freeze: false); rescue => e; p e; end
begin; 1.5.clone(freeze: false); rescue => e; p e; end
begin; (2**70).clone(freeze: false); rescue => e; p e; end
begin; 1.clone(freeze: 3); rescue => e; p e; end
p 1.clone(freeze: nil), 1.clone(freeze: true)
c = Class.new(Numeric)
v = c.new
p v.clone.equal?(v), v.dup.equal?(v)
begin; v.clone(freeze: false); rescue => e; p e.class, e.message.sub(/0x\h+/, "X"); end
p 1.frozen?, v.frozen?
o = Object.new; def o.to_f; "0"; end
p((Float(o) rescue $!), (2.coerce(o) rescue $!))
o2 = Object.new; def o2.to_f; 3; end
p((Float(o2) rescue $!))
