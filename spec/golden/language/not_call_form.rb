# not(x) is a primary: not(true).to_s is (not true).to_s.
p(not(true) == false)
x = not(true).to_s
p x
p((not true), (not false))
p(not(nil).inspect)
z = not (true).to_s
p z
if not(false) then p :yes end
