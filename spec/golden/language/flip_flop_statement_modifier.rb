# A range literal in a condition is a flip-flop (it was a compile error
# before flip-flops were compiled): here as a statement modifier in a block.
(1..10).each do |i|
  puts i if (i == 3)..(i == 5)
end
