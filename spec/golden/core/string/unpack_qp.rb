# String#unpack 'M' (quoted-printable) and modifiers on directives that
# take none.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { "=3D=0A a=\nb=09\n=FF=".unpack("M") }
t { "abc=4".unpack("M") }
t { "abc=4x=41".unpack("M") }
t { "a=\r\nb".unpack("M") }
t { "".unpack("MMM") }
t { "=41=42".unpack("M238") }
t { "=41".unpack1("M").encoding }
t { "ab".unpack("m!") }
t { "ab".unpack("a_") }
t { "ab".unpack("C<") }
t { "abcd".unpack("s!") }
t { "=e9".unpack("M") }
