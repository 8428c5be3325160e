include Math

p Complex.rectangular(1, 2), Complex.rect(3), Complex.rect(1.5, Rational(1, 2))
p Complex.polar(1), Complex.polar(2, 0), Complex.polar(3, 0.0)
p Complex.polar(1, PI / 2), Complex.polar(1, PI), Complex.polar(2, -PI / 2)
p Complex.polar(2.0, 1.0), Complex.polar(2, 1), Complex.polar(1, PI / 4)
begin
  Complex.rect(1, Complex(1, 1))
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Complex.polar("1")
rescue TypeError => e
  puts "TypeError: #{e.message}"
end

z = Complex(3, 4)
p z.abs, z.magnitude, z.arg, z.angle, z.phase, z.polar, z.rectangular, z.rect
p Complex(-5).abs, Complex(0, -2).abs, Complex(0.0, 3).abs, Complex(3, 0.0).abs
p Complex(-1, 0).arg, Complex(0, 1).arg, Complex(0, 0).arg, Complex(-1, -0.0).arg

# rotate a point by 90 degrees repeatedly using i
pt = Complex(2, 1)
4.times do
  pt *= Complex::I
  print pt, " "
end
puts

# round trip rectangular -> polar -> rectangular
[Complex(1, 1), Complex(-2, 3), Complex(0.5, -0.25)].each do |w|
  r, t = w.polar
  back = Complex.polar(r, t)
  puts "#{w} -> [#{r.round(6)}, #{t.round(6)}] -> #{back.real.round(9)}, #{back.imag.round(9)}"
end

# Numeric's complex-plane views
p 5.real, 5.imaginary, 5.imag, 5.conj, 5.abs2, 5.arg, -5.arg, 2.5.arg, -2.5.angle
p 5.rectangular, -5.polar, 2.5.polar, Rational(-1, 2).polar
p 3.i, -2.5.i, Rational(1, 3).i
p 1.real?, 1.5.real?, Complex(1).real?
