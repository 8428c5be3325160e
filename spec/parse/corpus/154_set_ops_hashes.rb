# Corpus: set_ops, hashes
require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect

inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)
