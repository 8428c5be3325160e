# A negative Integer, Float or Rational raised to a fractional power is a
# Complex (CRuby's rb_dbl_complex_new_polar_pi): half turns give an exact
# 0.0 real part; a whole exponent stays a Float.  (Cases whose last digit
# depends on the libm's pow/cos are left out: the oracle runs on wasm.)
p((-8) ** (1.0/3))
p((-8) ** Rational(1,3))
p((-8).pow(0.5))
p((-(2**64)) ** 0.5)
p((-(2**70)) ** (1.0/3))
p((-(2**70)) ** Rational(1,3))
p((-8) ** 2.0, (-1) ** 0.5, (-1) ** 1.5, (-9) ** -0.5)
p((-8.0) ** (1.0/3), (-2.25) ** 0.5)
p(Rational(-8, 1) ** 0.5, Rational(-27, 8) ** (1.0/3))
p((-8) ** Rational(2,1), (-8.0) ** 3.0, 8 ** 0.5)
