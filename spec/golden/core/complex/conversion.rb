a = Complex(1, 2)
puts a, Complex(1, -2.0), Complex(-1.5, 0), Complex(Rational(1, 2), Rational(-3, 4))
p a, Complex(1, -0.0), Complex(Rational(1, 2), Rational(-3, 4))
p Complex(0, Float::NAN), Complex(1, Float::INFINITY), Complex(-Float::INFINITY, -Float::INFINITY)
puts Complex(1, Float::INFINITY), Complex(Float::NAN, Float::NAN)
puts "a is #{a}, list #{[a, 2i].inspect}"
p a.to_s, a.inspect, a.real, a.imaginary, a.imag
p 3i, 2.5i, 1 + 2i, 3ri

p Complex(3, 0).to_i, Complex(3.7, 0).to_i, Complex(3.5, 0).to_f, Complex(3, 0).to_r, Complex(0.5, 0).rationalize(Rational(1, 100))
[[:to_i, a], [:to_f, a], [:to_r, a], [:to_i, Complex(1, 0.0)], [:to_f, Complex(2.5, -1)]].each do |m, z|
  begin
    z.public_send(m)
  rescue RangeError => e
    puts "RangeError: #{e.message}"
  end
end

p 3.to_c, 2.5.to_c, Rational(1, 3).to_c, nil.to_c, a.to_c

# equality, hashing, Hash keys
p a == Complex(1, 2), a == Complex(1.0, 2.0), Complex(3, 0) == 3, 3 == Complex(3, 0), 3.0 == Complex(3, 0), a == 1, a == "x"
p a.eql?(Complex(1, 2)), a.eql?(Complex(1.0, 2)), a.hash == Complex(1, 2).hash, a.equal?(a)
counts = Hash.new(0)
[a, Complex(1, 2), Complex(2, 1), 1i, Complex(0, 1)].each { |z| counts[z] += 1 }
p counts
p [Complex(1, 2), Complex(1, 2), Complex(2, 1)].uniq
p Complex(1, 0) <=> Complex(2, 0), Complex(1, 2) <=> 1, Complex(5) <=> 2, Complex(5) <=> Complex(5, 1), Complex(1) <=> "x"

# predicates and class facts
p a.finite?, Complex(Float::INFINITY, 1).finite?, a.infinite?, Complex(1, -Float::INFINITY).infinite?
p a.frozen?, a.is_a?(Numeric), a.class, a.real?, Complex.ancestors.include?(Comparable)
p Complex::I, Complex::I.frozen?
[[:<, 1], [:floor, nil], [:round, nil], [:positive?, nil], [:i, nil]].each do |m, arg|
  begin
    arg ? a.public_send(m, arg) : a.public_send(m)
  rescue NoMethodError => e
    puts "NoMethodError: #{e.message}"
  end
end
begin
  Complex.new(1, 2)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p a.coerce(2), a.coerce(1.5)
begin
  a.coerce("2")
rescue TypeError => e
  puts "TypeError: #{e.message}"
end

# numerator/denominator over both parts
c = Complex('1/2+2/3i')
p c.numerator, c.denominator, c.numerator / c.denominator == c
p Complex(1, 2).denominator, Complex(Rational(3, 4), 1).numerator

# 3.4: to_r accepts a Float 0.0 imaginary part, the others do not
p Complex(3, 0.0).to_r, Complex(3, -0.0).to_r
[:rationalize, :to_f, :to_i].each do |m|
  begin
    Complex(3, 0.0).public_send(m)
  rescue RangeError => e
    puts "RangeError: #{e.message}"
  end
end
p Complex(1, 2).quo(2), Complex.rect(1, 2)
