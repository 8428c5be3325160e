puts "\M"
