# Corpus: gsub hash block
puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")
