# Integer(), Float(), String(), Array(), Rational-free conversions
p Integer("42")
p Integer("0x1A")
p Integer("0b101")
p Integer("0o17")
p Integer("017")
p Integer("  12  ")
p Integer("1_000")
p Integer("ff", 16)
p Integer(3.99)
p Integer("-7")
["abc", "1.5", "", "12abc", nil].each do |s|
  begin
    p Integer(s)
  rescue ArgumentError, TypeError => e
    puts "#{e.class}: #{e.message}"
  end
end
p Integer("zz", exception: false)
p Float("3.5")
p Float("1e3")
p Float(2)
begin
  Float("x1")
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
p String(12)
p String(nil)
p String(:sym)
p Array(nil)
p Array([1, 2])
p Array(1..3)
p Array("a")
p Array({a: 1})
p "12abc".to_i
p "abc".to_i
p "3.7xyz".to_f
p "0x1f".hex
p "777".oct
p "1e5".to_f
p " -42 ".to_i
p "1010".to_i(2)
p "z".to_i(36)
