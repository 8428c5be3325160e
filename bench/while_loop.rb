# bench: single-thread compute — nested while loops, integer + and < only
# (the operators the compiler inlines; `&`/`^` go through full dispatch today).
# ops = inner iterations
SCALE = 1
outer = 5000 * SCALE
inner = 10_000
sum = 0
i = 0
while i < outer
  j = 0
  while j < inner
    sum += j
    j += 1
  end
  i += 1
end
puts "sum = #{sum}"
puts "ops: #{outer * inner}"
