# Complex#marshal_dump (private) is what Marshal writes; Complex#/ coerces a
# non-real Numeric with quo, as CRuby.
s = Marshal.dump(Complex(1, 2))
p s
p Marshal.load(s)
p Marshal.dump([Complex(1, 2), Complex(3, 4.5)]) == Marshal.dump([Complex(1, 2), Complex(3, 4.5)])
p Marshal.load(Marshal.dump([Complex(1, 2), c = Complex(3, 4.5), c]))
p Complex(1, 2).send(:marshal_dump)
p Complex.private_instance_methods(false).include?(:marshal_dump)
o = Object.new
def o.real? = false
def o.coerce(x) = [5, 2]
p Complex(3, 0) / o
p Complex(3, 0).quo(o)
