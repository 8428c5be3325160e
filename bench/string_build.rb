# bench: single-thread — string building with <<, interpolation, to_s.
SCALE = 1
n = 300_000 * SCALE
s = +""
i = 0
while i < n
  s << "item" << i.to_s << ","
  s << "#{i % 7}|" if i % 3 == 0
  i += 1
end
sum = 0
s.each_byte { |b| sum += b }
puts "size = #{s.size} bytesum = #{sum}"
