# An uncaught TypeError raised with `raise`: CRuby 3.4's error_highlight
# also marks the raise arguments for TypeError and ArgumentError.
def check_kind(v)
  return v if v.is_a?(Integer)
  raise TypeError, "expected Integer, got #{v.class}"
end

puts check_kind(5)
puts check_kind("five")
