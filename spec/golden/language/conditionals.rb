def sign(n)
  if n > 0 then :pos
  elsif n < 0 then :neg
  else :zero
  end
end
p [sign(5), sign(-2), sign(0)]
x = 5
p(x > 3 ? "big" : "small")
p "unless" unless x < 3
p (x if x > 10)
p (x.zero? or x.positive?)
p (nil || false || :last), (1 && 2 && 3), (nil && boom)
y = nil
y = y || :default
p y
p !!nil, !!0, !"", ![].empty?
v = if false then 1 end
p v
r = case
    when x.even? then :even
    else :odd
    end
p r
a = [1, nil, false, 0, "", []]
p a.map { |e| e ? :t : :f }
puts "one-liner" if x == 5 && !y.nil?
p (x > 1 and x < 10), (not x == 5)
z = (x > 4 and :yes)
p z
