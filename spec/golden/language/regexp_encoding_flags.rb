# encoding: binary
# Regexp /n (bytes; BINARY or US-ASCII) and /u (fixed UTF-8) flags, and a
# \u escape making a string literal UTF-8 in a binary source file.
p(/./n.match("\303\251").to_a)
p(/#{/./}/n.match("\303\251").to_a)
p(/\xFF/n.encoding, /./n.encoding, /.#{/./}/n.encoding)
p(/./u.match("\303\251".dup.force_encoding('utf-8')).to_a)
p(/./u.encoding, /#{/./}/u.encoding)
p(/./n, /./u, /./n.options, /./u.options, /./u.fixed_encoding?, /./.fixed_encoding?)
p(/./n.source, /a/u.inspect)
s = "\u{e9}"
p s, s.encoding, "abc".encoding, "\u0041".encoding, "\303\251".encoding
