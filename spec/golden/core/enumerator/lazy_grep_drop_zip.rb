# Enumerator::Lazy#grep, #grep_v, #drop and #zip are lazy (they were Enumerable's
# eager methods: an infinite source hung), with CRuby's size and inspect;
# (0..Float::INFINITY).size is Infinity.
inf = 0..Float::INFINITY
p inf.lazy.grep(2..4).first(2), inf.lazy.grep(2..4) { _1 * 10 }.first(2), inf.lazy.grep_v(0..2).first(2)
p %w[a bb c].lazy.grep(/b/).to_a, inf.lazy.grep(1..2).size
p inf.lazy.drop(3).first(2), (1..10).lazy.drop(3).size, (1..2).lazy.drop(3).size, inf.lazy.drop(2).size
begin; inf.lazy.drop(-1); rescue ArgumentError => e; p e.message; end
p inf.lazy.zip([4, 5], [8]).first(2), inf.lazy.map(&:succ).zip([4, 5], [8]).first(2)
p inf.lazy.zip(0..1000).first(3), inf.lazy.zip(inf).first(3)
l = [0, 1].lazy.zip([2, 3]); p l.force, l.force
p (1..3).lazy.zip([1], [2]).size
begin; [1].lazy.zip([], Object.new); rescue TypeError => e; p e.message; end
p [1, 2].lazy.zip([3, 4]) { |x| p x }
p (1..3).lazy.grep(1..2).inspect, (1..3).lazy.drop(1).inspect, (1..3).lazy.zip([1], [2]).inspect, (1..3).lazy.zip.inspect
p (0..Float::INFINITY).size, (1..).size; p (0..Float::INFINITY).lazy.map { _1 }.size
p (0..-Float::INFINITY).size, (0...Float::INFINITY).size
