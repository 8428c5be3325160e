# A shared Hash updated by many threads under a Mutex; word counting in parallel
text = ("the quick brown fox jumps over the lazy dog " * 50 + "the end").split
chunks = text.each_slice(37).to_a
counts = Hash.new(0)
lock = Mutex.new
chunks.map do |chunk|
  Thread.new do
    local = chunk.tally
    lock.synchronize { local.each { |w, c| counts[w] += c } }
  end
end.each(&:join)
counts.sort_by { |w, c| [-c, w] }.each { |w, c| puts "#{w} #{c}" }
puts counts.values.sum == text.size
sets = 4.times.map { |i| Thread.new { (0...100).select { |x| x % 4 == i } } }.map(&:value)
puts sets.map(&:size).inspect, sets.flatten.sort == (0...100).to_a
