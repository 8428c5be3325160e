# Indexing a long String remembers that its bytes are ASCII (so s[i, n]
# in a loop does not rescan it); every write that can bring a non-ASCII
# byte must forget it.  Each step indexes after a mutation.
s = "abcdefghij" * 10
puts s[95, 5]
s << "é"
puts s[99, 2]
puts s.size
t = "x" * 100
puts t[50, 3]
t.setbyte(0, 0xC3)
t.setbyte(1, 0xA9)
puts t[0, 2]
puts t.size
u = "y" * 80
puts u[70]
u.replace("ü" + "z" * 80)
puts u[0, 2]
puts u[80]
v = "q" * 70
puts v[1, 1]
v[3] = "ß"
puts v[3, 2]
puts v.size
w = "ab" * 40
puts w[10, 2]
w.insert(5, "ç")
puts w[5, 2]
w.squeeze!
puts w.size
# scan / gsub / split over a long subject see every match, and a mutation
# between searches (a block appending to the subject) is seen
long = "ab1cd22ef333" * 500
puts long.scan(/\d+/).size
puts long.gsub(/\d/) { |d| (d.to_i + 1).to_s }[0, 12]
puts long.split(/\d+/).size
puts long.rindex(/ab/)
m = "a1b2c3" * 20
n = 0
m.scan(/\d/) { n += 1 }
puts n
