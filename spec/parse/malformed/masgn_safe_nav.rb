o = Struct.new(:x).new
b, o&.x = 1, 2
