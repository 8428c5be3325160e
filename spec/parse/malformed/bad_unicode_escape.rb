puts "\u12"
