# Array#values_at with ranges: RangeError for a start before the array,
# nil for positions past its end (rb_get_values_at; MatchData#values_at too).
p [1,2,3,4,5].values_at(-7..3) rescue p $!
p [1,2,3].values_at(-3..1, -4..-5) rescue p $!
a = [1, 2, 3, 4, 5]
p a.values_at(0, 2..3, 1..), a.values_at(..1), a.values_at(3..9), a.values_at(5..6), a.values_at(1...3, -2..), a.values_at(2..1), a.values_at(7..8), a.values_at(-1...-1)
