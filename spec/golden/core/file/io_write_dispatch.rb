# Output methods dispatch to a #write (or $stdout's #puts/#print/#putc)
# that Ruby code defines: a singleton write sees everything puts, print,
# putc, printf and << produce; puts([]) writes nothing.
# golden: ruby31  (IO#dup: the WebAssembly oracle cannot dup descriptors)
class Out < IO; end
log = []
o = $stdout.dup
o.define_singleton_method(:write) { |*a| log << a; a.sum(&:size) }
o.puts "a", ["b", []], 1
o.puts []
o.print "x", 2
o.putc 65
o.putc "BC"
o.printf("%d-%s", 1, "z")
o << "w"
p log.join
saved = $stdout
$stdout = o
puts "k"
print "l"
putc "m"
$stdout = saved
p log.join
def o.puts(*a) = ($plog = a)
$stdout = o
puts :sym, 2
$stdout = saved
p $plog
