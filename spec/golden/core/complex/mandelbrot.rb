# ASCII Mandelbrot set with Complex arithmetic, the way a script would
# write it: z = z*z + c until |z| > 2 or the iteration limit.
def escape_time(c, limit)
  z = Complex(0, 0)
  limit.times do |i|
    z = z * z + c
    return i if z.abs2 > 4
  end
  limit
end

CHARS = " .:-=+*#%@".chars

(-12..12).each do |row|
  line = (-39..20).map do |col|
    c = Complex(col / 20.0, row / 10.0)
    n = escape_time(c, 30)
    n == 30 ? "@" : CHARS[n % (CHARS.size - 1)]
  end
  puts line.join.rstrip
end

# a few exact orbits (Integer parts stay exact)
z = Complex(0, 0)
c = Complex(-1, 0)
5.times { z = z**2 + c; print z, " " }
puts
z = 0
c = 1i
6.times { z = z * z + c; print z.inspect, " " }
puts
