# bench: idiomatic — pidigits: the unbounded spigot with Integer bignums
# (multiply, add, divmod), digits collected with << into a String.
SCALE = 1

def pidigits(count)
  out = +""
  k = 1
  n1 = 4
  n2 = 3
  d = 1
  u = 0
  v = 0
  w = 0
  i = 0
  while i < count
    u = n1 / d
    v = n2 / d
    if u == v
      out << u.to_s
      i += 1
      out << "\t:#{i}\n" if i % 10 == 0
      to_minus = u * 10 * d
      n1 = n1 * 10 - to_minus
      n2 = n2 * 10 - to_minus
    else
      k2 = k * 2
      u = n1 * (k2 - 1)
      v = n2 * 2
      w = n1 * (k - 1)
      n1 = u + v
      u = n2 * (k + 2)
      n2 = w + u
      d = d * (k2 + 1)
      k += 1
    end
  end
  out
end

digits = 2500 * SCALE
s = pidigits(digits)
puts s[0, 60]
puts s[-40..-1]
puts s.count("7")
puts "ops: #{digits}"
