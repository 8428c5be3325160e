# File.fnmatch / fnmatch? with every flag, as CRuby's matcher (not POSIX
# fnmatch): brackets, escapes, leading dots, "**/", braces, UTF-8.
require "pathname"

P = File::FNM_PATHNAME
D = File::FNM_DOTMATCH
N = File::FNM_NOESCAPE
C = File::FNM_CASEFOLD
E = File::FNM_EXTGLOB

cases = [
  ["cat", "cat"], ["cat", "category"], ["c{at,ub}s", "cats"], ["c{at,ub}s", "cats", E],
  ["c{at,ub}s", "cubs", E], ["c{at,{u,o}b}s", "cobs", E], ["c{ats", "c{ats", E], ["c\\{at,ub}s", "c{at,ub}s", E],
  ["c?t", "cat"], ["c??t", "cat"], ["c*", "cats"], ["c*t", "c/a/b/t"], ["c*t", "c/a/b/t", P],
  ["ca[a-z]", "cat"], ["ca[^t]", "cat"], ["ca[!t]", "cab"], ["[a-c]at", "Bat"], ["[a-c]at", "Bat", C],
  ["cat", "CAT"], ["cat", "CAT", C], ["\\?", "?"], ["\\a", "a"], ["\\a", "\\a", N], ["[\\?]", "?"],
  ["[\\?]", "\\", N], ["*", ".profile"], ["*", ".profile", D], [".*", ".profile"], ["*", "dave/.profile"],
  ["**/*", "dave/.profile", P], ["**/.*", "dave/.profile", P], ["**/*", "dave/.profile", P | D],
  ["*/.*", "dave/.profile", P], ["**/foo", "a/b/c/foo", P], ["**/foo", "/a/b/c/foo", P],
  ["**/foo", "c:/a/b/c/foo", P], ["**/foo", "a/.b/c/foo", P], ["**/foo", "a/.b/c/foo", P | D],
  ["*/*", "a/b"], ["*/*", "a/b/c", P], ["a/**/b", "a/b", P], ["a/**/b", "a/x/y/b", P],
  ["**.rb", "main.rb"], ["**.rb", "./main.rb"], ["**.rb", "lib/song.rb"], ["**/*.rb", "lib/song.rb", P],
  ["*.rb", "lib/song.rb", P], ["[]", "]"], ["[]]", "]"], ["[a-]", "-"], ["[", "["], ["a[", "a["],
  ["\u00e9t\u00e9", "\u00e9t\u00e9"], ["?t?", "\u00e9t\u00e9"], ["[\u00e0-\u00ea]t*", "\u00e9t\u00e9"],
  ["*", ""], ["", ""], ["", "a"], ["*/", "a/", P], ["{*.rb,*.py}", "x.py", E], ["{,.}*", ".x", E],
]
cases.each do |pat, str, flags|
  printf("%-16s %-18s %-3s %s\n", pat.inspect, str.inspect, flags.to_i, File.fnmatch(pat, str, flags.to_i))
end
p File.fnmatch?("*.txt", "notes.txt"), File.fnmatch("*.txt", Pathname("a.txt"))
p Pathname("lib/a.rb").fnmatch("lib/*.rb"), Pathname("lib/a.rb").fnmatch?("*.rb", P)
begin
  File.fnmatch("*")
rescue ArgumentError => e
  p e.message
end
begin
  File.fnmatch(1, "x")
rescue TypeError => e
  p e.message
end
