# Regexp.timeout= and Regexp.new(timeout:): Regexp::TimeoutError on a
# backtracking match, CRuby's argument checks and messages
p Regexp.timeout
Regexp.timeout = 3
p Regexp.timeout
Regexp.timeout = nil
p Regexp.timeout
[0, -1, "1", 0.0].each do |v|
  begin
    Regexp.timeout = v
  rescue => e
    p [e.class, e.message]
  end
end
r = Regexp.new("a", timeout: 2)
p r.timeout, /a/.timeout, Regexp.new(r).timeout, r.dup.timeout, Regexp.new(r, timeout: 5).timeout
p Regexp.new("a", timeout: nil).timeout
begin; Regexp.new("a", timeout: 0); rescue => e; p [e.class, e.message]; end
p Regexp::TimeoutError.ancestors.take(3)
p r == Regexp.new("a"), r.hash == Regexp.new("a").hash
Regexp.timeout = 0.001
begin
  /^(a*)*$/ =~ "a" * 100000 + "x"
rescue => e
  p [e.class, e.message]
end
Regexp.timeout = nil
re = Regexp.new("^a*b?a*$", timeout: 0.001)
begin
  re =~ "a" * 100000 + "x"
rescue => e
  p [e.class, e.message]
end
p re.match?("aaab")
