# uncaught RuntimeError raised with a message three frames deep
def level3(x)
  raise "value too large: #{x}" if x > 10
  x
end

def level2(x) = level3(x * 2)

def level1(x)
  level2(x + 1)
end

p level1(1)
p level1(10)
puts "not reached"
