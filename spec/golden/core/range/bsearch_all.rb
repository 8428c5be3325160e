# Range#bsearch as CRuby does it, probe for probe: Fixnum and Float ranges
# (doubles bisected through their order-keeping int64 images; missing ends
# are -/+Infinity), Bignum ranges, endless and beginless Integer ranges
# (galloping from the last probe); find-any mode; unsized Enumerators.
def t
  seen = []
  r = yield(seen)
  p [r, seen.size, seen.first(4)]
rescue => e
  p [e.class, e.message]
end
t { |s| (0..100).bsearch { |x| s << x; x >= 37 } }
t { |s| (0...100).bsearch { |x| s << x; 50 <=> x } }
t { |s| (0..4).bsearch { |x| s << x; x < 2 ? 1 : -1 } }
t { |s| (0..).bsearch { |x| s << x; x >= 1000 } }
t { |s| (..0).bsearch { |x| s << x; x >= -1000 } }
t { |s| (..10).bsearch { |x| s << x; false } }
t { |s| (0.0..100.0).bsearch { |x| s << x; x >= 37.5 } }
t { |s| (0.0..).bsearch { |x| s << x; x >= 1e300 } }
t { |s| (..0.0).bsearch { |x| s << x; x >= -1e300 } }
t { |s| (-Float::INFINITY..Float::INFINITY).bsearch { |x| s << x; x >= 2 } }
t { |s| (0.0...1.0).bsearch { |x| s << x; false } }
t { |s| (0..1.5).bsearch { |x| s << x; x > 1 } }
t { |s| (2**64..2**65).bsearch { |x| s << x; x >= 2**64 + 12345 } }
t { |s| (2**64..).bsearch { |x| s << x; x >= 2**70 } }
t { |s| (0..10).bsearch { |x| s << x; 0.0 } }
t { |s| (0..10).bsearch { |x| s << x; Rational(1, 2) } }
t { |s| (0..10).bsearch { |x| s << x; "x" } }
t { |s| ("a".."b").bsearch { true } }
t { |s| (1.."b").bsearch { true } }
t { |s| (nil..nil).bsearch { true } }
t { |s| (0..1).bsearch.class }
t { |s| (..1.0).bsearch.class }
a = [1, 2, 3]
p a.bsearch.size, a.find_index.size, a.index.size, a.rindex.size, a.take_while.size, a.drop_while.size, a.find.size
p a.each.size, a.map.size, a.select.size, (1..3).bsearch.size, (1..3).each.size, a.each_slice(2).size
p({a: 1}.find.size, {a: 1}.each.size)
