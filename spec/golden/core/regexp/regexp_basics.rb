# Regexp literals, options, special variables, MatchData
r = /(\d+)-(\d+)/
p r.source, r.to_s, r.inspect, r.options, /x/i.options, /x/m.casefold?, /x/i.casefold?
p r =~ "tel 12-34", $~[0], $1, $2, $3, $~.pre_match, $~.post_match
p r.match("5-6 7-8").to_a, r.match("none")
p "ABC" =~ /b/i, "a\nb" =~ /a.b/, "a\nb" =~ /a.b/m
p /a b # comment
  c/x.match?("abc")
p Regexp.escape("a.b*c?"), Regexp.union("a.b", "c"), Regexp.union(/x/, /y/i), Regexp.new("h(.)llo").match("hallo")[1]
p /\A\d+\z/.match?("123"), /\A\d+\z/.match?("123\n"), /^\d+$/.match?("abc\n123")
p "foo bar baz".scan(/\b\w/), "a1b2".gsub(/\d/) { |d| d * 2 }
md = /(?<year>\d{4})-(?<mon>\d\d)/.match("on 2024-03-09")
p md, md[:year], md.names, md.begin(:mon)
if /(?<yy>\d\d):(?<mm>\d\d)/ =~ "at 10:45"
  p [yy, mm]
end
p $~ && $~[:yy]
p "aaa".match(/a{2}/)[0], "abcabc".match(/(abc)+/)[1], "xyz".match(/(a)|(x)/).captures
p "hello"[/l+/], "hello".slice(/(h)(e)/, 2), "phone: 123".match(/\d+/)&.[](0)
p "The year 1999 and 2024".scan(/\d{4}/).map(&:to_i).sum
p "a,b;c".split(/[;,]/), "CSV;data".match?(/csv/i)
p /(?i)abc/.match?("ABC"), "x" !~ /y/
p "foo.rb bar.py baz.rb".scan(/(\w+)\.rb/).flatten
p "aaa bbb".sub(/(?<x>b+)/) { $~[:x].length.to_s }
p "test123abc".match(/(?<letters>[a-z]+)(?<digits>\d+)/).named_captures
p "ab12".match(/(?<l>[a-z]+)(?<d>\d+)/).deconstruct_keys([:l]) rescue p $!.class
p /a/ == /a/, /a/.eql?(/a/i), /a/.hash == /a/.hash
p "x+y".match?(Regexp.new(Regexp.escape("+")))
p "greedy <a><b>".match(/<.+>/)[0], "lazy <a><b>".match(/<.+?>/)[0]
p "café".match(/\w+/)[0], "日本 語".scan(/\S+/), "über".match?(/\A\p{L}+\z/)
p "2 apples and 3 pears".gsub(/(\d+) (\w+)/) { "#{$2}:#{$1}" }
p "ab".match(/(?=b)/).begin(0), "price100".match(/(?<=price)\d+/)[0]
p $~.nil?
"xyz" =~ /nomatch/
p $~, $1
