# String#to_r: sign, digits with underscores, fraction, exponent, /denominator; trailing text ignored
["", "2", "1765", "2 foo", "1765, ", " 2", "  1765, ", "The rational form of 33 is...", "a1765, ", "-20", "+20", ".9", "3.33", "-3.33", "190_22", "-190_22.7", "20/3", " -19.10/3", "glark", "1e2", "1.5e-3", "2/4", "1__2", "_12", "1/", "0.75/2", "1_000/3_0", "\n\t5"].each { |s| p [s, s.to_r] }
begin; "3/0".to_r; rescue ZeroDivisionError => e; p e.message; end
