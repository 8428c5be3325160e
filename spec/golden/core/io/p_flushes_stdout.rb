# golden: ruby31 (signals)
# Kernel#p flushes $stdout (CRuby's rb_f_p), with or without arguments;
# puts and print do not: killed at the end, the program keeps only what was
# written before its last p (stdout is a pipe or a file here, not a tty).
print "a"
p 1, 2
print "b"
p
puts "lost"
print "lost too"
Process.kill(:KILL, Process.pid)
