# MatchData API in detail
m = /(\w+)@(\w+)\.(com|org)/.match("mail: alice@example.com, bob@test.org")
p m.class, m.size, m.length, m.to_a, m.captures, m[1..2], m[-1], m.values_at(0, 3)
p m.begin(0), m.end(0), m.begin(2), m.offset(0), m.pre_match, m.post_match, m.string.frozen?
p m.to_s, m.regexp
all = "mail: alice@example.com, bob@test.org".to_enum(:scan, /(\w+)@(\w+)/).map { Regexp.last_match[1] }
p all
m2 = /(?<a>x)(?<b>y)?/.match("x")
p m2[:a], m2[:b], m2.named_captures, m2.captures, m2.names
p m2.values_at(:a, :b) rescue p $!.class
p m == m, m.inspect
case "2024-05-06"
in /(\d+)-(\d+)/
  p [$1, $2]
end
p "xAyBz".gsub(/[A-Z]/) { |c| "[#{Regexp.last_match.begin(0)}]" }
md = "hello".match(/l(l)?/)
p md.pre_match, md[1], md.post_match, md.end(1)
p "abc".match(/(?<first>a)/) { |x| x[:first].upcase }
p "none".match(/z/) { |x| :never }
