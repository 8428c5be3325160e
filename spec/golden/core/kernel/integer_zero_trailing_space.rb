# Kernel#Integer of a "0" followed by trailing space (a line read from a
# pipe, "0\n") is 0: the leading 0 means octal only before a digit or "_".
p Integer("0\n"), Integer("0 "), Integer(" 0\t"), Integer("-0\n"), Integer("010"), Integer("0_7")
["08", "0_", "0x", "0 1"].each do |s|
  Integer(s)
rescue ArgumentError => e
  p e.message
end
