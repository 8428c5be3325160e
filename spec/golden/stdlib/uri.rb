# URI compiled from the installed Ruby: its RFC 3986 parser's patterns name
# groups with hyphens ((?<hier-part>...)), which PCRE2 refuses unencoded.
require 'uri'
u = URI.parse("http://user@example.com:8080/a/b?x=1#frag")
p u.scheme, u.host, u.port, u.path, u.query, u.fragment, u.userinfo
p URI.join("http://example.com/a/b", "../c").to_s
p URI("https://example.com/x y".gsub(" ", "%20")).path
p URI.encode_www_form(a: 1, b: "x y")
p URI.decode_www_form("a=1&b=x+y")
