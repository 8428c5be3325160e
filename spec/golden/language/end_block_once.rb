# golden: ruby31
# END { } registers its block once, the first time the statement runs (the
# WebAssembly CRuby 3.4 oracle runs no END blocks, so 3.1 is the oracle).
10.times { END { puts 'foo' } }
foo = 'bar'
END { puts foo }
2.times { |i| END { puts "second #{i}" } }
puts "main"
