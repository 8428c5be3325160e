# Float parsing/conversion edge cases
%w[1.5 -0.0 1e3 1E-2 .5 5. 0x1A 1_000.5 12abc abc 1e400 -1e400 +3.25].each do |s|
  printf("%-8s to_f=%p\n", s, s.to_f)
end
["1.5", "  2.5  ", "1e3", "0x1A", "1_000.5", "1__0", "", "abc", "1.5x"].each do |s|
  v = Float(s)
  puts "Float(#{s.inspect}) = #{v.inspect}"
rescue ArgumentError => e
  puts "Float(#{s.inspect}) raised #{e.class}: #{e.message}"
end
p Float(3), Float(2**70), 3.7.to_i, -3.7.to_i, 3.5.round, 4.5.round, -3.5.round, 1e20.to_i, 1.9999999999999999
p 0.1 * 3, 1.1 * 1.1, 100.0 * 1.1, 3.0 * 1.1, 1.15 * 100, 0.57 * 100, 1 / 3.0, 2 / 3.0 * 3
p 1e15 + 0.3, 1e16 + 1, 123456789.123456789, 0.000001, 0.0000001, 1e-323, 2.5e-5
