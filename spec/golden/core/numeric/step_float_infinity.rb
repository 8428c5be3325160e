# Numeric#step and ArithmeticSequence#size with infinite steps and limits
# (CRuby yields the start once for an infinite step, nothing for
# Infinity - Infinity, whose size raises FloatDomainError), and a String or
# other non-Numeric step: a plain Enumerator whose size raises
a = []; 42.0.step(100, Float::INFINITY) { |x| a << x }; p a
a = []; 42.step(42, Float::INFINITY) { |x| a << x }; p a
a = []; 42.step(Float::INFINITY, Float::INFINITY) { |x| a << x }; p a
a = []; Float::INFINITY.step(Float::INFINITY, Float::INFINITY) { |x| a << x }; p a
a = []; Float::INFINITY.step(Float::INFINITY, -Float::INFINITY) { |x| a << x }; p a
a = []; 42.step(-Float::INFINITY, -Float::INFINITY) { |x| a << x }; p a
a = []; 42.step(to: 100, by: Float::INFINITY) { |x| a << x }; p a
p 1.step(5, "foo").class
p 1.1.step(5.1, "foo").class
p 1.step(to: 5, by: "foo").class
p 1.step(Float::INFINITY, 2).size
p 1.step(by: 2, to: Float::INFINITY).size
p 1.step(by: -2, to: -Float::INFINITY).size
begin; 1.1.step(5.1, "1").size; rescue => e; p e; end
begin; 1.1.step(5.1, "foo").size; rescue => e; p e; end
e = 1.step(5, "foo"); p e.size rescue p $!
e = 1.step(5, by: "foo"); p e; p e.size rescue p $!
e = 1.step(to: 5, by: "foo"); p e; p e.size rescue p $!
e = 1.step("x", 2); p e; p e.size rescue p $!
e = 1.1.step(5.1, "1"); p e; p e.size rescue p $!
p Float::INFINITY.step(Float::INFINITY, 1).size rescue p $!
p Float::INFINITY.step(Float::INFINITY, 1).to_a rescue p $!
p 1.0.step(Float::INFINITY, 1).size rescue p $!
p 1.step(Float::INFINITY, 1).size rescue p $!
p (1.0..Float::INFINITY).step(2).size rescue p $!
p (1.0..).step(2).size rescue p $!
p 1.0.step(10.0, Float::INFINITY).size
p 1.0.step(nil, -2.0).size
o = Object.new; e = 1.step(5, o); p e.size rescue p $!
p (1.0...2.0).step(0.1).to_a
p (1.0...2.0).step(0.1).size
p (1.0..2.0).step(0.1).size
p (1.0...1.0).step(0.1).size
p 1.0.step(2.0, 0.5).to_a, 1.0.step(2.0, 0.5).size
p 10.0.step(1.0, -3).to_a
p (0.0...1.0).step(0.25).map { |x| x }
p 1.step(10, 3).size, 1.step(10, 3.0).size
p (1.0..).step(2).first(3)
p 1.0.step(by: Float::INFINITY).first(2)
