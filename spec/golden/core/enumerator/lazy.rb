# Lazy enumerators
nat = (1..Float::INFINITY).lazy
p nat.map { |x| x * x }.select(&:even?).first(4)
p nat.select { |x| x % 3 == 0 }.map { |x| x + 1 }.take(3).to_a
p nat.reject(&:odd?).take_while { |x| x < 12 }.to_a, nat.each_slice(2).first(2)
p (1..20).lazy.filter_map { |x| x * 2 if x % 5 == 0 }.to_a, (1..3).lazy.flat_map { |x| [x, x] }.to_a
p (1..Float::INFINITY).lazy.map { |i| i * 3 }.find { |x| x > 100 }, (1..4).lazy.zip(5..8).to_a rescue p $!
p (1..Float::INFINITY).lazy.uniq { |x| x % 4 }.first(4), (1..10).lazy.chunk_while { |a, b| b == a + 1 }.to_a rescue p $!.class
calls = []
r = (1..10).lazy.map { |x| calls << x; x * 2 }.select { |x| x > 6 }.first(2)
p r, calls
p (1..3).lazy.map { |x| x }.eager.class rescue p $!.class
p (1..5).lazy.with_index.map { |x, i| x * i }.to_a
p (1..Float::INFINITY).lazy.map { |x| x * 2 }.class
