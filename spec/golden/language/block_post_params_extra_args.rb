# A proc drops the arguments past its parameters before binding them, so
# the post parameters after optional ones take the arguments in order.
def m(*a) = yield(*a)
p m([1, 2, 3, 4, 5, 6]) { |a, b = 5, c = 6, d, e| [a, b, c, d, e] }
p m([1, 2, 3, 4]) { |a, b = 5, c = 6, d, e| [a, b, c, d, e] }
p m([1, 2]) { |a, b = 5, c = 6, d, e| [a, b, c, d, e] }
pr = proc { |a, b = 5, c = 6, d, e| [a, b, c, d, e] }
p pr.call(1, 2, 3, 4, 5, 6), pr.call(1, 2, 3, 4, 5), pr.call(1, 2, 3)
p proc { |a, b = 5, d| [a, b, d] }.call(1, 2, 3, 4)
p proc { |a, b = 5, *r, d| [a, b, r, d] }.call(1, 2, 3, 4, 5)
p proc { |a, d| [a, d] }.call(1, 2, 3)
p [[1, 2, 3, 4]].map { |a, b = 0, c| [a, b, c] }
