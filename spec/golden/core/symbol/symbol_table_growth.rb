# Symbols made at run time (not literals): more than one entry chunk
# (4096 ids), long names (copied, not bump-allocated), names that share a
# prefix with a literal, and Symbol#name's cached frozen String.
syms = (0...9000).map { |i| "sym_growth_#{i}".to_sym }
puts syms.size, syms.uniq.size
puts syms[0].inspect, syms[4095].inspect, syms[8999].inspect
puts (0...9000).all? { |i| "sym_growth_#{i}".to_sym.equal?(syms[i]) }
n1 = syms[5000].name
n2 = syms[5000].name
puts n1, n1.frozen?, n1.equal?(n2)
puts syms[10].name.equal?(syms[10].name)
long = ("abc" * 700).to_sym
puts long.length, long.to_s[0, 9], long.equal?(("ab" + "c" * 1 + "abc" * 699).to_sym)
puts "pu".+("ts").to_sym.equal?(:puts), "put".to_sym.inspect, "putsx".to_sym.inspect
puts :"a b".inspect, "".to_sym.inspect, :"é".length
h = {}
syms.each_with_index { |s, i| h[s] = i }
puts h[:sym_growth_8123], h.size
puts syms.map(&:hash).uniq.size == syms.size
puts Symbol.all_symbols.include?(:sym_growth_7777)
puts [:b, :a, :c].sort.inspect, (:abc <=> :abd)
