# scan / match / =~ / format with %
text = "Call 555-1234 or 555-9876; fax 555-0000."
p text.scan(/\d{3}-\d{4}/)
p text.scan(/(\d{3})-(\d{4})/)
text.scan(/(\d+)-(\d+)/) { |a, b| print b, " " }
puts
p text.scan(/z/), "aaa".scan(/a*/), "abab".scan("ab")
m = text.match(/(\d{3})-(?<last>\d{4})/) rescue nil
m = text.match(/(?<area>\d{3})-(?<last>\d{4})/)
p m[0], m[:area], m["last"], m.pre_match, m.post_match[0, 8], m.names, m.captures, m.named_captures
p m.begin(0), m.end(0), m.offset(:last), m.size, m.to_a, m.values_at(1, 2)
p text.match(/xyz/), text.match?(/\d/), text =~ /fax/, $~[0], $`.size, $'
p text.match(/(\d+)/, 20)[1]
if "key: value" =~ /(\w+): (\w+)/
  p [$1, $2, $~.pre_match, $&]
end
p "2024-06-01".match(/(\d+)-(\d+)-(\d+)/).captures.map(&:to_i)
p "price: $42.50".slice(/\d+\.\d+/).to_f
if (md = /(?<h>\d+):(?<m>\d+)/.match("at 12:34"))
  p md[:h].to_i * 60 + md[:m].to_i
end
p "no digits" =~ /\d/, $~
