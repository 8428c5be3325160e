# String#byteindex/#byterindex with a Regexp (and $~), offsets inside a
# character, incompatible encodings.
def t; p yield; rescue => e; puts "#{e.class}: #{e.message}"; end
t { "hello world".byteindex(/o/) }
t { "hello world".byteindex(/o/, 5) }
t { $~ }
t { "hello".byteindex(/z/); $~ }
t { "hello".byteindex(/l/, 10); $~ }
t { "こんにちは".byteindex(/に/) }
t { "こんにちは".byteindex("に", 1) }
t { "こんにちは".byterindex("に", 1) }
t { "hello world".byterindex(/o/) }
t { "hello world".byterindex(/o/, 5) }
t { "hello world".byterindex(/o/, 3) }
t { $~ }
t { "abcab".byteindex(/\Gab/, 3) }
t { "abcab".byterindex(/\Gab/, 3) }
t { "\xff".b.byteindex("\u3042") }
t { "\u3042".byteindex("\xff".b) }
t { "\u3042".byteindex("a".b) }
