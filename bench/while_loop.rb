# bench: single-thread compute — nested while loops with integer arithmetic.
# ops = inner iterations
SCALE = 1
outer = 2000 * SCALE
inner = 10_000
sum = 0
i = 0
while i < outer
  j = 0
  while j < inner
    sum += (i ^ j) & 7
    j += 1
  end
  i += 1
end
puts "sum = #{sum}"
puts "ops: #{outer * inner}"
