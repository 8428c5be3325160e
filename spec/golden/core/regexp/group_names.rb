# Group names Onigmo accepts and PCRE2 does not (a hyphen, as URI's
# RFC 3986 patterns use; non-ASCII letters), back references to them, and
# names that look like the encoding used for them.
re = /(?<hier-part>\w+)-(?<_Z_x>\d+)(?<a_b>!)?\k<a_b>?/
m = re.match("ab-12!!")
p m
p m["hier-part"], m[:"hier-part"], m["_Z_x"], m["a_b"]
c = /(?<café>é+)\k<café>/.match("ééé")
p c["café"], c.names, c.named_captures.values
p re.names, m.names
p re.named_captures
p m.named_captures
p m.named_captures(symbolize_names: true)
p m.begin("hier-part"), m.end(:"_Z_x")
p "x-y".sub(/(?<a-b>x)-(?<c>y)/, '\k<c>-\k<a-b>')
p "2026-12-07"[/(?<year-num>\d+)-(?<m>\d+)/, "year-num"]
p(/(?'q-1'a)\g'q-1'?/.match("aa")[0])
p(/(a)\k<-1>/.match("aa")[0])
