# A number may be followed directly by a keyword (`7and x`, `1if c`).
x = :ok
y = (7and x)
p y
z = (1or 2)
p z
p((7if true))
p((7unless true))
q = (2.5and 3)
p q
a = [1]
p(a.map { |e| e*2 })
