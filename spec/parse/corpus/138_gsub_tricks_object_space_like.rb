# Corpus: gsub_tricks, object_space_like, freeze_dup, string_formatting
template = "Dear {name}, your total is {amount}."
vals = {name: "Sam", amount: "$5"}
puts template.gsub(/\{(\w+)\}/) { vals[$1.to_sym] }
puts "2024-01-15".match(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/)[:m]
if "key=value" =~ /(\w+)=(\w+)/
  puts "#{$1} -> #{$2}"
end
puts "a,b;c d".split(/[,; ]/).inspect
puts "snake_case_words".split('_').map.with_index { |w, i| i.zero? ? w : w.capitalize }.join

class Registry
  @items = []
  class << self
    attr_reader :items
    def register(x) = (@items << x; x)
  end
end
Registry.register(:a)
Registry.register(:b)
puts Registry.items.inspect
class Registry
  @@count = 0
  def self.tick = @@count += 1
end
Registry.tick
puts Registry.tick

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

puts format("%-10s|%5d|%08.3f", "name", 42, 3.14159)
puts "%s and %p" % ["str", "str"]
puts 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
puts 255.to_s(2), "ff".hex, "0b101".to_i(0), 3.7.floor, 3.2.ceil, -3.5.round
puts "abc".succ, "az".next, "a".ord, 98.chr, "hello world".tr('lo', 'xy')
puts "  trim  ".strip.length, "x".ljust(3, ".") + "|", "Hello"[1..3], "Hello"[-1]
