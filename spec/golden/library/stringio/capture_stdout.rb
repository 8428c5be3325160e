# Capturing $stdout and $stderr with StringIO, a common testing idiom.
require 'stringio'

def capture
  old_out, old_err = $stdout, $stderr
  $stdout = StringIO.new
  $stderr = StringIO.new
  yield
  [$stdout.string, $stderr.string]
ensure
  $stdout, $stderr = old_out, old_err
end

out, err = capture do
  puts "to stdout"
  print "no newline"
  $stdout.puts " then more"
  warn "a warning"
  $stderr.puts "direct err"
  p [1, 2]
  printf("%d items\n", 3)
end
p out
p err

log = StringIO.new
log.puts "#{Time.at(0).utc.year}: started"
3.times { |i| log.printf("step %d\n", i) }
log.rewind
log.each_line { |l| puts "> #{l}" }
