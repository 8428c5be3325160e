# bench: single-thread compute — Mandelbrot set membership (Float loop).
SCALE = 1
size = 800 * SCALE
max_iter = 50
count = 0
y = 0
while y < size
  ci = 2.0 * y / size - 1.0
  x = 0
  while x < size
    cr = 2.0 * x / size - 1.5
    zr = 0.0
    zi = 0.0
    i = 0
    while i < max_iter && zr * zr + zi * zi <= 4.0
      t = zr * zr - zi * zi + cr
      zi = 2.0 * zr * zi + ci
      zr = t
      i += 1
    end
    count += 1 if i == max_iter
    x += 1
  end
  y += 1
end
puts "inside = #{count} of #{size * size}"
