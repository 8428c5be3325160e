# a float literal past DBL_MAX (1e1020) is Infinity; its C used to be the undeclared 'inf'
p 1e1020, -1e1020, 1e308, 2.5
x = 0.0
3.times { |i| x += 1e400 }
p x
p("%e" % 1e1020)
