# String#crypt: traditional DES (two-character salt) and glibc's
# $id$ formats, as crypt(3) computes them; errors for a short salt or a
# NUL byte in the key.
p "ab".crypt("ab")
p "".crypt("xy")
p "password".crypt("Zz")
p "secret".crypt("$6$abc$")
p "secret".crypt("$5$salt$")
p "secret".crypt("$1$salt$")
s = "k".crypt("ab")
p s.frozen?
p s.encoding
p "same".crypt("q1") == "same".crypt("q1")
p "same".crypt("q1") == "same".crypt("q2")
[["a", "a"], ["a", ""], ["a\0b", "ab"]].each do |key, salt|
  begin
    key.crypt(salt)
  rescue ArgumentError => e
    puts "ArgumentError: #{e.message}"
  end
end
begin
  "a".crypt(12)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
