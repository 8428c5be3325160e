# The parameters of a block whose parameter is `it`.
p(-> { it }.parameters, proc { it }.parameters, -> { _1 }.parameters, proc { _1 + _2 }.parameters, lambda { it }.arity, proc { it }.arity)
