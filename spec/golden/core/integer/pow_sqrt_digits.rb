# Integer.sqrt, pow with modulus, digits, bit_length, big powers and roots
p Integer.sqrt(0), Integer.sqrt(15), Integer.sqrt(16), Integer.sqrt(10**30), Integer.sqrt(2**101)
begin
  Integer.sqrt(-1)
rescue Math::DomainError => e
  puts "#{e.class}: #{e.message}"
end
p 2.pow(100, 1_000_000_007), 7.pow(10**18, 13), (-3).pow(3, 5), 3.pow(-1) rescue p $!
p 10.digits, 0.digits, 1000.digits(100), (2**100).digits(2**32), 255.digits(16).reverse
begin
  -5.digits
rescue Math::DomainError => e
  puts "#{e.class}: #{e.message}"
end
p (2**64).bit_length, (2**64 - 1).bit_length, (-2**64).bit_length, 0.bit_length
p 3**40, 3**40 / 3**38, (3**40).to_s(3).length, 10**18 * 10**18, (10**36).digits.count(0)
p 12345678901234567890 % 97, -(12345678901234567890) % 97, 12345678901234567890.divmod(-97)
p (1..30).map { 2**_1 }.last.to_s.size, 100.pow(50).to_s.size, (7**77).to_s[-5..], (2**200).to_s(16).size
