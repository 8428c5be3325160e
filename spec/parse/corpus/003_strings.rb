# Corpus: strings
s = "The quick brown fox"
words = s.split
puts words.map(&:capitalize).join(" ")
puts s.gsub(/o/) { |m| m.upcase }
puts s.sub("quick", "slow").center(30, "*")
puts s.scan(/\w+/).length, s =~ /brown/, $~[0]
printf("%05.2f|%-6s|%x\n", 3.14159, "ab", 255)
puts "tab\tnew\\line \u00e9 \x41 \101"
