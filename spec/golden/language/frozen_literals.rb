# frozen_string_literal: true
s = "abc"
p s.frozen?
begin
  s << "d"
rescue FrozenError => e
  puts e.message
end
t = +"abc"
t << "d"
p t, t.frozen?
u = "x#{1}y"
p u.frozen?
p "lit".equal?("lit")
d = s.dup
d << "!"
p d
