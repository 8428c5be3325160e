# A tokenizer and the StringScanner API, as scripts use it.
require 'strscan'

def tokenize(src)
  ss = StringScanner.new(src)
  tokens = []
  until ss.eos?
    if ss.skip(/\s+/)
      next
    elsif ss.scan(/\d+(\.\d+)?/)
      tokens << [:num, ss.matched, ss[1]]
    elsif ss.scan(/(?<name>[a-z_]\w*)/i)
      tokens << [:ident, ss[:name], ss["name"]]
    elsif ss.scan(/"((?:[^"\\]|\\.)*)"/)
      tokens << [:str, ss[1]]
    elsif ss.scan(/[-+*\/()=]/)
      tokens << [:op, ss.matched]
    else
      raise "unexpected #{ss.getch.inspect} at #{ss.pos}"
    end
  end
  tokens
end

p tokenize('x = 3.14 * (y + 42) - "a \"q\" b"')
begin
  tokenize("a $ b")
rescue => e
  puts e.message
end

s = StringScanner.new("3.14 is pi, héllo wörld")
p s.pos, s.eos?, s.rest, s.rest_size
p s.scan(/\d/), s.pos, s.matched, s.matched?, s.matched_size, s.pre_match, s.post_match
p s.scan(/x/), s.matched, s.matched?
p s.check(/\.\d+/), s.pos
p s.match?(/\.\d+/), s.pos
p s.scan_until(/is/), s.pos, s.pre_match, s.matched
p s.skip_until(/,/), s.pos
p s.exist?(/w/), s.pos
p s.check_until(/l/), s.pos
p s.getch, s.getch, s.getch, s.pos
p s.get_byte, s.peek(4), s.pos
s.unscan
p s.pos
p s.search_full(/w/, false, true), s.pos
p s.scan_full(/\s*l/, true, false), s.pos
p s.rest
s.pos = 0
p s.scan(/(\d)\.(\d+)/), s[0], s[1], s[2], s[3], s[-1], s.captures, s.values_at(0, 2), s.size
p s.bol?, s.beginning_of_line?
p s.inspect
s.terminate
p s.eos?, s.rest, s.inspect, s.scan(/./), s.getch
s.reset
p s.pos, s.inspect
p s.scan("3.1"), s.matched, s.pos
p s.peek(100)
p s.charpos
s.string = "new string"
p s.pos, s.string, s.scan(/new/)
s << " more"
p s.rest
t = StringScanner.new("line1\nline2")
t.scan_until(/\n/)
p t.bol?, t.scan(/^line/), t.scan(/\Aline/)
u = StringScanner.new("abc")
begin
  u.unscan
rescue StringScanner::Error => e
  p e.class, e.message
end
p StringScanner::Error.ancestors.include?(StandardError)
n = StringScanner.new("key: value")
n.scan(/(?<k>\w+): (?<v>\w+)/)
p n[:k], n["v"], n.named_captures
begin
  n[:zz]
rescue IndexError => e
  p e.message
end
p StringScanner.new("").eos?, StringScanner.new("a").scan(/b/)
m = StringScanner.new("aaa")
p m.skip(/a/), m.skip(/a+/), m.skip(/a/)
