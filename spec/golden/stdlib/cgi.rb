# cgi compiled from the installed Ruby: its C escape extension is not provided,
# so cgi/util.rb's pure-Ruby escapes run (it rescues the LoadError).
require 'cgi'
p CGI.escape("a b&c=d/é"), CGI.unescape("a+b%26c"), CGI.escapeHTML("<a href='x'>&</a>"), CGI.unescapeHTML("&lt;b&gt;&amp;&quot;")
