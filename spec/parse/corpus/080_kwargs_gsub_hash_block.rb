# Corpus: kwargs, gsub_hash_block, set_ops, io_like
def connect(host, port = 80, *rest, timeout: 5, retries:, **extra, &cb)
  cb&.call("#{host}:#{port} t=#{timeout} r=#{retries} rest=#{rest} extra=#{extra}")
end
connect("a", retries: 1) { |s| puts s }
connect("b", 8080, 1, 2, retries: 3, timeout: 9, verbose: true) { puts _1 }
opts = {retries: 2}
connect("c", **opts) { |m| puts m }
def fwd(...) = connect(...)
fwd("d", retries: 0) { puts _1 }

puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")

require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect

require 'stringio'
io = StringIO.new
io.puts "line one"
io.print "a", "b", "\n"
io << "appended\n"
io.printf("%d items\n", 3)
puts io.string.lines.map(&:chomp).inspect
$stdout.write("direct\n")
STDOUT.puts "const stdout"
$stderr.class
warn "to stderr" if false
