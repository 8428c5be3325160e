# round / floor / ceil / truncate with digits, banker's options
p 2.5.round, 3.5.round, -2.5.round, 2.4.round, -2.6.round
p 2.5.round(half: :even), 2.5.round(half: :down), 2.5.round(half: :up), 3.5.round(half: :even)
p 3.14159.round(2), 3.14159.round(4), 1234.5678.round(-2), 1.005.round(2), 2.675.round(2)
p 3.7.floor, -3.7.floor, 3.2.ceil, -3.2.ceil, 3.7.truncate, -3.7.truncate
p 3.14159.floor(2), 3.14159.ceil(2), -3.14159.floor(1), 1234.5.floor(-2), 1234.5.ceil(-2)
p 12.0.round(1), 1e20.round(2), 0.5.round, 1.5.round, -0.5.round
p 3.7.to_i, 3.99.to_i, -0.1.to_i
p 10.0.divmod(3), -10.0.divmod(3), 10.5 % 3, -10.5 % 3, 10.5.remainder(3)
p 7.5.fdiv(2), 7.0 / 2, 2.0 ** 0.5, 8 ** (1.0/3)
p 5.0.floor.class, 5.4.round.class, 5.4.round(1).class
p 0.1.rationalize(Rational(1, 100)) rescue p :r
p 1.23456e-5.round(7)
p 123.456.round(-1), 123.456.round(-1).class
p 1e-10.round(5), 0.000015.round(5)
p 2.5.floor(0), 2.5.ceil(0)
