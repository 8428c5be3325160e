# bench: single-thread compute — Takeuchi function (deep recursion, 3 args).
SCALE = 1
def tak(x, y, z)
  if y < x
    tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
  else
    z
  end
end
s = 0
i = 0
while i < 1000 * SCALE
  s += tak(18, 12, 6)
  i += 1
end
puts "tak sum = #{s}"
