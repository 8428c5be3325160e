# Range#min(n) is first(n) (it stops after n elements); #max's checks in
# CRuby's order; #minmax with a block walks the range once; a Symbol
# range iterates the names as String#upto does.
p (1..10).min(2), (1...10).min(2), (0...2**64).min(2), ('f'..'l').min(2), ('a'...'f').min(2)
p (100..10).min(2), ('z'..'l').min(2), (5...5).min(2), (1..).min(3)
[-> { (303.20..908.1111).min(2) }, -> { (['a']..['f']).min(2) }, -> { (1..).min { |a, b| a <=> b } },
 -> { (..1).min(1) }, -> { (...1).max }, -> { (1...5.5).max }, -> { (..5).max(2) }, -> { (..5).max { 0 } },
 -> { (1.5...2).max }, -> { ('a'...'c').max }, -> { (3...3).max }, -> { (1...2**70).max }].each do |b|
  begin
    p b.call
  rescue => e
    p [e.class, e.message]
  end
end
p((1..5).min { |a, b| b <=> a }, (1..5).min(2) { |a, b| b <=> a })
p (1..5).minmax { |a, b| b <=> a }
calls = 0
p (1..4).max { |a, b| calls += 1; (a <=> b).to_f }, calls > 0

class Sign
  def initialize(n) = @n = n
  def >(o) = @n > o
  def <(o) = @n < o
end
p [3, 1, 2].max { |a, b| Sign.new(a - b) }, [3, 1, 2].sort { |a, b| Sign.new(b - a) }

p (:A..:z).to_a.size, (:a..:e).to_a, (:a...:e).to_a
p ('A'..'z').to_a.size, ('Σ'..'Ω').to_a
