# succ / next / ord / chr / upto / misc predicates
p "a".succ, "az".succ, "zz".succ, "a9".succ, "Zz".succ, "1.9".succ, "".succ, "-9".succ, "a-z".succ
p "aa".upto("ad").to_a, ("a".."e").to_a, ("y".."ab").to_a, ("08".."11").to_a
p "A".ord, "a".ord, 97.chr, "abc".sum, "ab".hash == "ab".hash
p "".empty?, " ".empty?, "abc".length, "abc".size
p "abc" <=> "abd", "b" <=> "a", "a" <=> "a", "abc" == "abc", "abc".eql?("abc"), "abc".equal?("abc")
p "Hello".match?(/ell/), "Hello" =~ /l+/, "Hello" !~ /z/
p "3 apples".to_i, "  12.5kg".to_f, "0b11".to_i(0), "0o17".to_i(0), "0x1f".to_i(0)
p "abc".each_byte.to_a, "ab".each_char.map(&:upcase)
p "hello world".each_char.select { |c| "aeiou".include?(c) }.join
p "ab\ncd".each_line.map(&:strip)
p "test".freeze.frozen?, "x".dup.frozen?, +"y", -"z"
p "abc".insert(1, "X"), "abc".replace("new"), "hello"[1..3].upcase
p "The Quick".swapcase.chars.sort.join.strip
p "aBc".unpack("C*"), [72, 105].pack("c*"), ["hi"].pack("m").chomp, "aGk=\n".unpack1("m")
p "%c" % 10004
p "abc".between?("abb", "abd"), "b".clamp("c", "d")
