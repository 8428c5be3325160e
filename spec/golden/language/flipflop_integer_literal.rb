# A flip-flop end that is an integer literal compares with $. (and the parser
# warns "integer literal in flip-flop"; in an eval, when the eval runs).
$stderr = STDOUT
r = []
$. = 0
eval "10.times { |i| r << i if 4..5 }"
p r
r = []
eval "10.times { |i| $. = i; r << i if 4..6 }"
p r
r = []
eval "10.times { |i| $. = i; r << i if 3...3 }"
p r
r = []
10.times { |i| r << i if (i == 2)..(i == 4) }
p r
