# Integer#[] (huge and Float indices, an end before the start, infinite
# bounds), shifts of 0 by huge widths, round/truncate far left of a small
# number, Bignum#size in bytes of the absolute value, ceildiv of a Float
# or Rational.  (round past a C int is left out: the oracle's long is 32
# bits there.)
p 3.ceildiv(1.2), 3.ceildiv(6/5r), 7.ceildiv(2.0)
o = Object.new; def o.to_int; 2**64; end
p 3[o], 3[(2**64).to_f], -3[(2**64).to_f], -3[o]
p 0b101001101[4..1], 0b101001101[4..2], 0b101001101[-4..-5]
p((1[3..Float::INFINITY] rescue $!), (1[-Float::INFINITY..3] rescue $!))
p((0 << (2**40)), (0 >> -(2**40)), (1 << -(2**40)), (-1 >> (2**40)))
p((42.round(-(1<<31)) rescue $!), 42.round((1<<31)-1))
p (256**7).size, (256**8).size, (256**10-1).size, (256**40-1).size, (-(256**8)).size, (2**64).size
p 42.truncate(-(1<<31)), (-42).round(-(1<<31)), (2**70).round(-30), (2**70).round(-21)
