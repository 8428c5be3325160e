# String#[]=: index at the end, Float index, encoding of the result,
# match checked before the replacement converts.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { s = "abc"; s[3] = "x"; s }
t { s = "abc"; s[4] = "x"; s }
t { s = "abc"; s[-3] = "x"; s }
t { s = "abc"; s[-4] = "x"; s }
t { s = ""; s[0] = "x"; s }
t { s = "abc"; s[1.7] = "x"; s }
t { s = "abc"; s[3, 0] = "x"; s }
t { s = "abc"; s[4, 0] = "x"; s }
t { s = " ".force_encoding("US-ASCII"); s[0] = "\xa0".b; s.encoding }
t { s = "  "; s[1] = "\xb9".b; s.encoding }
t { s = "aü"; s[0] = "\xb9".b; s }
t { s = "abc"; s[/x/] = Object.new; s }
t { s = "abc"; s[/(b)/, 2] = Object.new; s }
t { s = "abc"; s[/(b)|(x)/, 2] = "y"; s }
t { s = "abc"; s[/(b)/, 1] = "y"; s }
