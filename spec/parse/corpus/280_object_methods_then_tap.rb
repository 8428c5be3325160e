# Corpus: object_methods, then_tap
o = Object.new
o.instance_variable_set(:@secret, 42)
puts o.instance_variable_get(:@secret), o.instance_variables.inspect
puts 5.send(:+, 3), 5.public_send(:*, 2), [1, 2].method(:push).arity
puts 1.is_a?(Comparable), Integer === 3, 3.instance_of?(Integer), nil.to_a.inspect
puts defined?(foo).inspect, defined?(puts), defined?(String), defined?(@zz).inspect

puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ
