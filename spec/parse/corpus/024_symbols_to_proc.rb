# Corpus: symbols to proc
names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b
