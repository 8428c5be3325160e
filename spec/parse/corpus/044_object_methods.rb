# Corpus: object methods
o = Object.new
o.instance_variable_set(:@secret, 42)
puts o.instance_variable_get(:@secret), o.instance_variables.inspect
puts 5.send(:+, 3), 5.public_send(:*, 2), [1, 2].method(:push).arity
puts 1.is_a?(Comparable), Integer === 3, 3.instance_of?(Integer), nil.to_a.inspect
puts defined?(foo).inspect, defined?(puts), defined?(String), defined?(@zz).inspect
