# Corpus: object_space_like, sorting, strings
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

people = [["bob", 25], ["al", 30], ["cy", 25]]
puts people.sort_by { |n, a| [a, n] }.map(&:first).join(",")
puts people.sort { |a, b| b[1] <=> a[1] }.first.inspect
puts people.max_by { _2 }.first rescue puts "err"
puts people.min_by(2) { |_, a| a }.inspect
puts %w[pear Apple fig].sort_by(&:downcase).inspect, [3, 1, 2].sort.reverse.inspect

s = "The quick brown fox"
words = s.split
puts words.map(&:capitalize).join(" ")
puts s.gsub(/o/) { |m| m.upcase }
puts s.sub("quick", "slow").center(30, "*")
puts s.scan(/\w+/).length, s =~ /brown/, $~[0]
printf("%05.2f|%-6s|%x\n", 3.14159, "ab", 255)
puts "tab\tnew\\line \u00e9 \x41 \101"
