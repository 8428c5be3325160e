# Corpus: begin end blocks
at_exit { puts "at exit ran" }
BEGIN { puts "BEGIN runs first" }
puts "main body"
