# golden: compile-error
# A range literal in a condition is a flip-flop in Ruby; Spinel does not
# compile flip-flops and says so (--strict: this error) rather than test a Range.
(1..10).each do |i|
  puts i if (i == 3)..(i == 5)
end
