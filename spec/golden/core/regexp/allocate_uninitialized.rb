# Regexp.allocate: encoding is BINARY, the other methods raise TypeError
# "uninitialized Regexp" (it used to segfault; ruby/spec regexp/encoding_spec.rb).
r = Regexp.allocate
p r.encoding
%w[source to_s options casefold? names hash fixed_encoding?].each do |m|
  begin
    p [m, r.send(m)]
  rescue => e
    p [m, e.class, e.message]
  end
end
begin; r =~ "a"; rescue => e; p [e.class, e.message]; end
begin; r.match("a"); rescue => e; p [e.class, e.message]; end
