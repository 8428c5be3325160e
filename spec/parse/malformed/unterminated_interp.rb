puts "a#{1 + 
