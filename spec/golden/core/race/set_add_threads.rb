# A Set filled from 8 threads (overlapping elements): Set#add is atomic,
# so the size is exact.  (add? and delete? are atomic in Spinel too, but
# CRuby 3.1's set.rb checks and adds in two steps, so their counts are not
# printed.)
# golden: ruby31
require "set"
set = Set.new
threads = 8.times.map do |t|
  Thread.new do
    fresh = 0
    10_000.times { |i| fresh += 1 if set.add?((t * 5_000 + i) % 45_000) }
    fresh
  end
end
fresh = threads.map(&:value)
puts set.size, fresh.sum >= 45_000
puts set.to_a.sort == (0...45_000).to_a
gone = 4.times.map { |t| Thread.new { (0...45_000).count { |x| set.delete?(x) } } }.map(&:value)
puts gone.sum >= 45_000, set.size
