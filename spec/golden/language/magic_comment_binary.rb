# encoding: binary
# A binary source encoding makes every literal ASCII-8BIT.
p "abc".encoding
p "\xE3\x81\x82".size
p __ENCODING__
