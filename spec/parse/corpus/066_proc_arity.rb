# Corpus: proc arity
pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end
