# Kernel#Complex with strings is strict; String#to_c is lenient.
%w[1+2i 1-2i -1+2i +1-2i 3 -3 1.5 2i -2i i -i +i 1/2+3/4i 1e3-2e-2i
   1_000+2_0i 3.0i 0 1@2 2.5@0].each do |s|
  puts "#{s.ljust(10)} #{Complex(s).inspect}"
end
p Complex(" 1+2i "), Complex("\t3-4i\n")

["1+2ix", "x", "", "1+", "1__0", "1+2i 3", "i2", "--1"].each do |s|
  begin
    p Complex(s)
  rescue ArgumentError => e
    puts "ArgumentError: #{e.message}"
  end
end
p Complex("junk", exception: false), Complex("1+2i", exception: false)

%w[9 2.5 2.5/1 -3/2 -i 45i 3-4i -4e2-4e-2i -0.0-0.0i 1/2+3/4i ruby 12abc 3+4 1_0+1__0i].each do |s|
  puts "#{s.inspect}.to_c = #{s.to_c.inspect}"
end
p "  7-8i trailing".to_c, "".to_c

# two arguments
p Complex(1, 2), Complex(1.5, -2), Complex("1", "2"), Complex(Complex(1, 2), 3), Complex(1, Complex(0, 1))
p Complex(1), Complex(Rational(3, 6)), Complex(Complex(4, 5))
begin
  Complex(nil)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Complex(1, nil)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Complex(:a)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p Complex(nil, exception: false)
