# frozen_string_literal: true
# With the magic comment, string literals are frozen
s = "literal"
p s.frozen?
begin
  s << "more"
rescue FrozenError => e
  puts "#{e.class}: #{e.message}"
end
begin
  s.upcase!
rescue => e
  puts "#{e.class}: #{e.message}"
end
t = s.dup
t << " copy"
p t, t.frozen?
u = +"unary plus"
u << "!"
p u
p "a#{1}b".frozen?
p String.new("x").frozen?
arr = [1, 2].freeze
begin
  arr << 3
rescue FrozenError => e
  puts "#{e.class}: #{e.message}"
end
h = {a: 1}.freeze
begin
  h[:b] = 2
rescue => e
  puts "#{e.class}: #{e.message}"
end
p h.frozen?, h.dup.frozen?, h.clone.frozen?
p "lit".equal?("lit")
p :sym.to_s.frozen?
