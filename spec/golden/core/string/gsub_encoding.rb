# sub/gsub(!): \+ in replacements, the result's encoding negotiated with
# block/hash/string replacements, gsub! without a block is an Enumerator.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { "hello".gsub(/l/) { 195.chr }.encoding }
t { "hllëllo".gsub(/l/) { "\xff".b } }
t { "hello".force_encoding("US-ASCII").gsub("l", "ü").encoding }
t { "hello".force_encoding("US-ASCII").gsub("l", "L").encoding }
t { s = "hello".force_encoding("US-ASCII"); s.gsub!("l", "L"); s.encoding }
t { s = "hello".force_encoding("US-ASCII"); s.sub!(/l/) { "ü" }; [s, s.encoding] }
t { "héllo".gsub("l", "\xff".b) }
t { "hello".gsub("l", "\xff".b).encoding }
t { "hello".gsub(/l/, "l" => "\xff".b).encoding }
t { "hello".b.gsub(/l/, "ü").encoding }
p "hello".gsub(/l/, '<\+>')
p "hello".sub(/(e)(l)?/, '[\+]')
"hello".gsub(/l/, "x"); p $~
"hello".gsub(/z/, "x"); p $~
p "hello".gsub!(/z/).size rescue p $!
p "hello".gsub(/l/).size rescue p $!
s = +"hello"; e = s.gsub!(/l/); p e.class; e.each { "L" }; p s
