# Corpus: then tap
puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
