puts "\xZZ"
