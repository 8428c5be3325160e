# Corpus: set_ops, gsub_tricks, freeze_dup
require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect

template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join

# frozen_string_literal: false
s = "abc"
t = s.dup
t << "d"
puts s, t, s.frozen?
FROZEN = %w[x y].freeze
puts FROZEN.frozen?
begin
  FROZEN << "z"
rescue => e
  puts e.class
end
