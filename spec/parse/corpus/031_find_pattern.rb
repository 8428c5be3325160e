# Corpus: find pattern
case [1, 42, "x", :sym, 7]
in [*, String => s, Symbol => y, *post]
  puts "found #{s} #{y} #{post}"
end
val = 5
case 5
in ^val then puts "pinned"
end
case {status: "ok", items: [1, 2]}
in {status: "ok" | "done", items: [_, *] => items}
  puts items.size
end
arr_pat = [1, [2, 3]]
case arr_pat
in [Integer => a, [b, *c]]
  puts a + b + c.sum
end
