s = +"hello"
s << " world"
s.concat("!", "!")
p s
s.upcase!
p s
s[0] = "J"
p s
s.sub!("WORLD", "there")
p s
s.gsub!(/!+/, "?")
p s
s.insert(1, "-")
p s
s.replace("new")
p s
s.prepend(">> ")
p s
t = s
t << "!"
p s, s.equal?(t)
u = s.dup
u << "?"
p s, u
p s.frozen?, s.length, s.reverse
arr = %w[a b]
arr.each { |e| e << "x" }
p arr
w = "abc"
w2 = w
w += "d"
p w, w2
sym = "dyn".to_sym
p sym, sym.to_proc.call("str") rescue p :err
p "abc".each_char.to_a, "a-b-c".split("-", 2)
p "Hello %s, you are %d" % ["Bob", 30]
c = "counter: 0"
3.times { c = c.succ }
p c
