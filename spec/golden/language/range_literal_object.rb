# A range of integer literals is one frozen object made once (CRuby's putobject).
ary = []
2.times { ary.push(1..3) }
p ary[0].equal?(ary[1]), ary[0].frozen?, (1..3).sum, (1...).first(2), (..5).include?(3), (1...4).to_a
def r = (2..9)
p r.equal?(r), r.step(3).to_a
a = [(1..2), (1..2)]
p a[0].equal?(a[1])
x = 4
p (1..x).to_a
