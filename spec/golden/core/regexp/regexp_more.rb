# more Regexp: anchors, lookaround, alternation captures, non-greedy, backrefs, scan with groups, gsub specials
s = "2024-01-15 ERROR [db] timeout after 30s; 2024-01-16 WARN [api] slow 5s; 2024-01-17 ERROR [api] 500"
p s.scan(/(\d{4}-\d\d-\d\d) (ERROR|WARN) \[(\w+)\]/), s.scan(/ERROR \[(\w+)\]/).flatten.tally
p s =~ /\AERROR/, s.match?(/\A\d{4}/), s[/\d+s\z/], s[/\d+\z/], s.scan(/\b\d+s\b/)
p "aaa bbb aaa".gsub(/(a+)/) { $1.length.to_s }, "hello world".gsub(/o(?=r)/, "0"), "price: $30, $45".scan(/(?<=\$)\d+/)
p "abcabc".sub(/(?<x>b)/, '[\k<x>]'), "John Smith".gsub(/(\w+) (\w+)/, '\2, \1'), "a-b-c".gsub(/-/, "-" => "+")
p "<<a>><<b>>".scan(/<<(.+?)>>/), "<<a>><<b>>".scan(/<<(.+)>>/), "xAyBz".split(/([A-Z])/), "a1b2c3".split(/\d/, 2)
p "The the quick quick fox".gsub(/\b(\w+) \1\b/i, '\1'), "aAbB".scan(/[[:upper:]]/), "tab\tand space".split(/\s/)
p "foo.bar(baz)".gsub(/[.()]/) { |c| "\\" + c }, Regexp.escape("1+1=2?"), "1+1=2?".match?(Regexp.new(Regexp.escape("1+1")))
re = /(?<key>\w+)=(?<val>[^;]*)/
p "a=1;b=two;c=".scan(re), "a=1;b=two;c=".to_enum(:scan, re).map { Regexp.last_match[:key] }
md = "k=v".match(re)
p md.names, md[:key], md["val"], md.begin(:val), re.names, re.source
p "café crème".scan(/\w+/), "x1y22z333".scan(/\d+/).map(&:to_i).sum, "mixed CASE Words".scan(/\b[A-Z]+\b/)
p "a\nb\nc".scan(/^\w$/), "a\nb\nc" =~ /b$/, "line1\nline2"[/\Aline\d/], "aaa".gsub(/a*/, "-"), "abc".gsub(//, "|")
p "hello"[/l(l)(o)/, 2], "hello".slice(/e(?<rest>.*)/, "rest"), "test123".delete("^0-9").to_i, "x".match(/(y)?/)[1]
