# Proc#ruby2_keywords warns (and does nothing) for a proc without *rest or with keywords.
f = -> a, b, c { }
f.ruby2_keywords
g = -> *a, b: { }
g.ruby2_keywords
h = -> *a, **kw { }
h.ruby2_keywords
k = -> *a { }
p k.ruby2_keywords.equal?(k)
m = proc { |*a, **nil| }
m.ruby2_keywords
