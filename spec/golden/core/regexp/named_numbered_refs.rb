# Onigmo refuses numbered references (\1, \k<1>, \g<1>, \k<-1>) in a pattern
# that has named groups; without names they are back references.
["(?<a>a)\\k<1>", "(?<a>a)\\1", "(?<a>a)\\g<1>", "(?<a>a)(b)\\k<a>", "(a)\\k<1>", "(?<a>a)\\k<-1>"].each do |s|
  begin
    r = Regexp.new(s)
    p [s, r.match("aab")&.to_a]
  rescue RegexpError => e
    p [s, e.class, e.message]
  end
end
