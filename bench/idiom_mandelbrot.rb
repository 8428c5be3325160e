# bench: idiomatic — mandelbrot in the Benchmarks Game's bitmap shape:
# Integer#times rows, Float#step-free loops with upto, bits packed into bytes
# and appended to a binary String, checksum of the bytes.
SCALE = 1

def mandel_row(y, size, limit)
  row = "".b
  bits = 0
  bit_num = 0
  ci = (2.0 * y / size) - 1.0
  0.upto(size - 1) do |x|
    zr = 0.0
    zi = 0.0
    cr = (2.0 * x / size) - 1.5
    escape = 1
    limit.times do
      tr = zr * zr - zi * zi + cr
      ti = 2.0 * zr * zi + ci
      zr = tr
      zi = ti
      if zr * zr + zi * zi > 4.0
        escape = 0
        break
      end
    end
    bits = (bits << 1) | escape
    bit_num += 1
    if bit_num == 8
      row << bits.chr
      bits = 0
      bit_num = 0
    end
  end
  row << (bits << (8 - bit_num)).chr if bit_num > 0
  row
end

size = 400
limit = 50
sum = 0
bytes = 0
SCALE.times do
  size.times do |y|
    row = mandel_row(y, size, limit)
    bytes += row.bytesize
    row.each_byte { |b| sum = (sum * 31 + b) % 1_000_000_007 }
  end
end
puts "P4 #{size} #{size}"
puts "bytes=#{bytes} sum=#{sum}"
puts "ops: #{size * size * SCALE}"
