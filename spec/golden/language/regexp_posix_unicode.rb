# POSIX bracket classes are Unicode-aware (Onigmo's definitions), \p{Script}
# is the Script property (not Script_Extensions), and [:alpha:] outside a
# bracket is an ordinary class of its characters.
samples = ["A", "é", "Ā", "\u{3099}", "٠", "０", "\u{1680}", "«", "¿", "‿", "\u{2060}", "\u{E000}",
           "ᾈ", "ᛮ", "$", "¢", "\u0085", "\u2028", "\t", "\u00a0", "_"]
%w[alnum alpha blank cntrl digit graph lower print punct space upper xdigit word ascii].each do |cl|
  re = Regexp.new("[[:#{cl}:]]")
  neg = Regexp.new("[^[:#{cl}:]]")
  puts "#{cl}: #{samples.map { |s| re.match?(s) ? 1 : 0 }.join} #{samples.map { |s| neg.match?(s) ? 1 : 0 }.join}"
end
p "Ruby（ルビー）、まつもとゆきひろ".match(/\p{Hiragana}+/u).to_a
p "Ruby（ルビー）、まつもとゆきひろ".match(/\p{Katakana}+/u).to_a
p "ルビーabc".scan(/\p{^Katakana}/)
p "a:l:n:u:m".match(/[:alnum:]+/).to_a
p "x1 Éé".scan(/[[:upper:][:digit:]]/)
p "\u{3099}".match(/[[:alnum:]]/)
