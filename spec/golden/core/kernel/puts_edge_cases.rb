# puts/print/p/pp edge cases on the real $stdout, $stdout redirection, STDOUT.write, gets at EOF
puts []
puts "after empty array"
puts [[], 1, [nil], []]
puts nil, [nil]
a = [1, 2]
a << a
puts a
p a
print "a", "b", 1, nil, :c, "\n"
x = p
p x
y = p 1, "two"
p y
z = pp({k: [1, {n: nil}]})
p z
n = STDOUT.write("abc", 1, :d, "\n")
p n
p $stdout.write("é\n")
p STDOUT.sync, STDERR.sync, STDOUT.fileno, $stderr.fileno, STDIN.fileno
$stdout.print "via $stdout\n"
STDOUT << "chained " << 42 << "\n"
$stdout.printf("%-5s|%3d\n", "ab", 7)
p gets, gets, STDIN.read, STDIN.eof?
class Recorder
  attr_reader :chunks
  def initialize = @chunks = []
  def write(*s)
    @chunks.concat(s)
    s.sum(&:size)
  end
end
r = Recorder.new
$stdout = r
puts "captured", [1, [2]]
print "p:", 3
p :sym
printf("%03d", 5)
$stdout = STDOUT
p r.chunks.join
begin
  $stdout = Object.new
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
$stderr.puts "to stderr"
warn "warned", "twice"
STDOUT.flush
puts "done"
