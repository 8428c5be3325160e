# Roots of a*x^2 + b*x + c = 0, complex when the discriminant is negative.
def roots(a, b, c)
  d = b * b - 4 * a * c
  if d >= 0
    s = Math.sqrt(d)
    [(-b + s) / (2.0 * a), (-b - s) / (2.0 * a)]
  else
    s = Math.sqrt(-d)
    re = -b / (2.0 * a)
    im = s / (2.0 * a)
    [Complex(re, im), Complex(re, -im)]
  end
end

[[1, -3, 2], [1, 2, 5], [1, 0, 1], [2, 2, 1], [1, -2, 1]].each do |a, b, c|
  r1, r2 = roots(a, b, c)
  puts "#{a}x^2 + #{b}x + #{c}: #{r1}, #{r2}"
  # check: a*r^2 + b*r + c is (close to) zero
  [r1, r2].each do |r|
    v = a * r**2 + b * r + c
    puts "  residual #{v.abs < 1e-9 ? 'ok' : v.inspect}"
  end
  if r1.is_a?(Complex)
    puts "  conjugates? #{r1.conjugate == r2}  product #{(r1 * r2).real.round(6)}  sum #{(r1 + r2).real}"
  end
end

# polynomial evaluation with Horner over exact Complex values
coeffs = [1, 0, 0, 1] # x^3 + 1
[Complex(-1, 0), Complex(1, 2), 1i, Complex(Rational(1, 2), 1)].each do |x|
  v = coeffs.inject(0) { |acc, k| acc * x + k }
  puts "p(#{x.inspect}) = #{v.inspect}"
end
