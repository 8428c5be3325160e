# Without the magic comment, literals are mutable (chilled in 3.4; no warning by default)
s = "literal"
p s.frozen?
s << " grows"
p s
s.upcase!
p s
t = "x"
t.freeze
p t.frozen?
begin
  t << "y"
rescue FrozenError => e
  puts "#{e.class}: #{e.message}"
end
o = Object.new.freeze
begin
  o.instance_variable_set(:@a, 1)
rescue => e
  puts e.class
end
