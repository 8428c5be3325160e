# Integer#div of a Rational or another Numeric coerces and sends div (an
# Integer quotient); upto/downto Enumerator sizes compare a non-Numeric
# limit (ArgumentError) and count a Rational one in whole steps
p((1.upto("A").size rescue $!))
p((1.upto(nil).size rescue $!))
p((1.downto("A").size rescue $!))
p((1.downto(nil).size rescue $!))
p((1.upto(5.5).size rescue $!))
p((1.upto(Rational(7,2)).size rescue $!))
p 2.div(6/5r), 1.div(6/5r), 5.div(6/5r), (2**70).div(6/5r)
p 7.div(2.5), -7.div(2r)
p((1.downto(Rational(-7,2)).size rescue $!))
o = Object.new; def o.coerce(x) [Rational(x), Rational(3, 2)] end
p 10.div(o), (2**70).div(o)
