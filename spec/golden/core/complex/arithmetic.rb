a = Complex(1, 2)
b = Complex(3.0, -4)
c = Complex(Rational(1, 2), 3)

p a + b, a - b, a * b, a / b
p a + c, a * c, c / a
p a / Complex(3, 4), a.quo(2), a / 2, a * 2, a.fdiv(2)
p -a, +a, a.conjugate, a.conj

# mixed with real numbers in both orders (coerce)
p 1 + a, 1 - a, 2 * a, 10 / a, 1.5 + a, 1.0 / a
p Rational(1, 2) + a, Rational(1, 2) * a, a - Rational(1, 3)
p a + 1, a - 1.5, a * Rational(2, 3)

# powers
p a ** 0, a ** 1, a ** 2, a ** 3, a ** -1, a ** -2, a ** 10
p b ** 2, c ** 2
p Complex(0, 2) ** 3, Complex(0, 1) ** 4, Complex(1, 1) ** 4, Complex(1, -1) ** 5, Complex(-2, 2) ** 3
p Complex(3, 0) ** 2, Complex(2.0, 0) ** 3
p a ** 0.5, a ** 1.5, a ** Rational(1, 2)
p Complex(1, 1) ** Complex(1, 1)
p 2 ** Complex(1, 1)
p Complex::I ** 2, Complex::I * Complex::I

# abs2 and sums
p a.abs2, b.abs2, c.abs2
p [Complex(1, 1), Complex(2, -3), 4].sum
p [1, 2].sum(Complex(0, 1))
p [Complex(1, 2), Complex(3, 4)].inject(:*)

# zero division
begin
  a / 0
rescue ZeroDivisionError => e
  puts "#{e.class}: #{e.message}"
end
p Complex(1.0, 2.0) / 0.0
begin
  a + "1"
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  a * nil
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
