# golden: ruby31
# exit! runs no at_exit handler and flushes no Ruby-level buffer (CRuby):
# what a File or a piped $stdout (sync false) still holds is lost, while
# $stderr (unbuffered) and flushed output are out already.
at_exit { puts "at_exit must not run" }
path = "/tmp/sp_exit_bang_#{Process.pid}"
pid = fork do
  f = File.open(path, "w")
  f.write "lost in the buffer"
  f.flush
  f.write " and this too"
  exit!(4)
end
Process.wait(pid)
puts "child status #{$?.exitstatus}"
puts File.read(path).inspect
File.delete(path)
puts "flushed line"
$stdout.flush
$stderr.print "stderr is unbuffered\n"
print "never printed: no newline"
puts " and nothing after the flush"
exit!(3)
