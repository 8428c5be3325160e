# SyntaxErrors CRuby's parser reports, seen through eval of literal strings:
# assignment to keywords, void value expressions, block/keyword arguments
# in index assignments, numbered parameters and `it`.
def t
  yield
  puts "no error"
rescue SyntaxError => e
  puts e.message.lines.last.sub(/\^~*/, "^").strip
end
t { eval("nil = true") }
t { eval("true = 1") }
t { eval("false = 1") }
t { eval("self = 1") }
t { eval("__ENCODING__ = 1") }
t { eval("__FILE__ = 1") }
t { [1].each { eval("break true or false") } }
t { [1].each { eval("next true and false") } }
t { eval("x = if rand; return; else; return; end") }
t { eval("def m; x = if rand; 1; else; return; end; end") }
t { eval("a = []; a[0, &b] = 1") }
t { eval("a = []; a[0, k: 1] = 1") }
t { eval("a = []; a[0, &b] += 1") }
t { eval("-> () { _1 }") }
t { eval("proc { |x| _1 }") }
t { eval("proc { || it }") }
t { eval("proc { it + _1 }") }
t { eval("-> { _1; -> { _2 } }") }
t { eval("-> { -> { _2 }; _1 }") }
t { eval("_1 = 0") }
t { eval("proc { _1 = 0 }") }
t { eval("proc { it = 5 }") }
p proc { [_1, _2] }.call(1, 2)
p [3].map { it * 2 }
p [[1, 2]].map { _1 + _2 }
