# Corpus: io_like, freeze_dup, yield_forms, set_ops
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

# frozen_string_literal: false
s = "abc"
t = s.dup
t << "d"
puts s, t, s.frozen?
FROZEN = %w[x y].freeze
puts FROZEN.frozen?
begin
  FROZEN << "z"
rescue => e
  puts e.class
end

def each_pair_of(arr)
  return to_enum(:each_pair_of, arr) unless block_given?
  arr.each_slice(2) { |a, b| yield a, b }
end
each_pair_of([1, 2, 3, 4]) { |x, y| puts x * y }
puts each_pair_of([5, 6]).to_a.inspect
def twice
  yield
  yield
end
count = 0
twice { count += 1 }
puts count
def with_value = yield(10)
puts with_value { |v| v + 1 }

require 'set'
s = Set.new([1, 2, 3])
s << 2 << 4
puts s.size, s.include?(4), (s & Set[2, 9]).to_a.inspect, (s | [7]).size, s.subset?(Set[1, 2, 3, 4, 5])
puts [1, 2, 2, 3].uniq.inspect, ([1, 2] + [2, 3]).inspect, ([1, 2, 3] - [2]).inspect, ([1, 2] & [2, 3]).inspect
