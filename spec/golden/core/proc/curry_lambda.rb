# Proc#curry keeps lambda-ness (a curried proc is not a lambda); Method#curry.
l = ->(a, b, c) { a + b + c }
pr = proc { |a, b, c| [a, b, c] }
p l.curry.lambda?, l.curry[1].lambda?, pr.curry.lambda?, pr.curry[1].lambda?
p l.curry(3).lambda?, pr.curry(2).lambda?, pr.curry(2)[1].lambda?
p pr.curry(2)[1][2], l.curry[1][2][3]
p (proc { |*a| a }).curry(3)[1][2][3]
def m(a, b) = a + b
begin; method(:m).curry(1); rescue ArgumentError => e; p e.message; end
p method(:m).curry(2)[1][2], method(:m).curry.lambda?
