# Regexp.new is allocate + private #initialize (subclasses override it),
# literals are frozen, a second initialize raises; escapes Onigmo refuses;
# ==/hash ignore /n; ===, union and try_convert convert as CRuby.
begin; /a/.send(:initialize, "b"); rescue => e; p [e.class, e.message]; end
begin; Regexp.new("a").send(:initialize, "b"); rescue => e; p [e.class, e.message]; end
p Regexp.private_instance_methods(false).include?(:initialize)
o = Object.new; def o.to_str; 1; end
begin; Regexp.new(o); rescue => e; p [e.class, e.message]; end
p Regexp.new(/a/m).options
class Sub < Regexp; def initialize(*a); super; @a = a; end; attr_reader :a; end
s = Sub.new("hi", "i"); p s, s.a, s.class, s.frozen?, Regexp.new("x").frozen?
p Regexp.new("a", true).options, Regexp.new("a", nil).options, Regexp.new("a", false).options, Regexp.new("a", 3).options
p Regexp.allocate.frozen?
$VERBOSE = true
w = Object.new; def w.inspect; "#<w>"; end
p Regexp.new("a", w).options
p Regexp.new(/a/m, Regexp::IGNORECASE).options
$VERBOSE = false
["\\xn", "\\x4", "\\x41", "[\\xg]", "\\u304", "\\u{}", "\\u{abcX}", "\\u{0ffffff}", "\\u{110000}", "\\u{61 62}", "\\u{ 61}", "\\u{d800}", "\\u3042", "[\\u{61}-\\u{63}]", "\\u{10ffff}", "\\u{000061}", "\\u{61  62 }"].each do |s|
  begin
    r = Regexp.new(s)
    p [s, r.source, r =~ "xabc\u3042A"]
  rescue RegexpError => e
    p [s, e.message]
  end
end
p(/abc/ == /abc/n, /abc/n == /abc/, /abc/.hash == /abc/n.hash, /abc/i == /abc/, /abc/i.hash == /abc/.hash)
p(/a/u == /a/)
o = Object.new; def o.to_str; "abc"; end
p(/b/ === o, /b/ === 5, /b/ === nil, /b/ === :abc)
p Regexp.try_convert(/a/), Regexp.try_convert("a")
r = Object.new; def r.to_regexp; /x/; end
p Regexp.try_convert(r), Regexp.union(r, "y"), Regexp.union(:a)
b = Object.new; def b.to_regexp; "s"; end
begin; Regexp.try_convert(b); rescue => e; p [e.class, e.message]; end
"TEST123" =~ /(?<test>[A-Z]+.*)/
p Regexp.last_match(:test), Regexp.last_match("test")
begin; Regexp.last_match(:missing); rescue IndexError => e; p e.message; end
