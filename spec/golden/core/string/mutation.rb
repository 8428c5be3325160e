# mutating String methods and their return values
s = +"hello"
p s << " world", s.concat("!", "!"), s.insert(0, ">> "), s.prepend("["), s.replace("reset")
p s.upcase!, s.upcase!, s.downcase!, s.capitalize!, s.swapcase!, s.reverse!, s
p s.sub!("T", "t"), s.gsub!("e", "E"), s.tr!("E", "3"), s.delete!("3"), s.squeeze!, s.strip!, s
t = +"  padded\n"
p t.chomp!, t.lstrip!, t.rstrip!, t.chop!, t.chomp!, t
u = +"abcdef"
u[1..2] = "XY"
u[-1] = "!"
u[0, 0] = "^"
p u, u.slice!(0), u, u.setbyte(0, 65), u, u.clear, u.empty?
v = +"abc"
v.freeze
%i[upcase! reverse! clear].each do |m|
  v.send(m)
rescue FrozenError => e
  puts "#{m}: #{e.class}: #{e.message}"
end
w = "x" * 3
w2 = w
w += "y"
p w, w2
x = +"q"
x2 = x
x << "r"
p x, x2, x.equal?(x2)
buf = +""
10.times { |i| buf << i.to_s }
p buf, buf.length, buf.force_encoding("UTF-8").valid_encoding?
