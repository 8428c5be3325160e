# Corpus: gsub tricks
template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
