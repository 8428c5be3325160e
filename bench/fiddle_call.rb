# bench: ffi — Fiddle::Function#call of a trivial C function (libc abs)
# ops = foreign calls (each one a blocking region in Spinel; CRuby releases
# and retakes the GVL per call)
require 'fiddle'
SCALE = 1
n = 1_000_000 * SCALE
abs = Fiddle::Function.new(Fiddle::Handle::DEFAULT['abs'], [Fiddle::TYPE_INT], Fiddle::TYPE_INT)
sum = 0
i = 0
while i < n
  sum += abs.call(-i)
  i += 1
end
puts "sum = #{sum}"
puts "ops: #{n}"
