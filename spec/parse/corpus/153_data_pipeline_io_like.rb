# Corpus: data_pipeline, io_like, hashes
Record = Struct.new(:city, :temp)
rows = <<~CSV.lines.map(&:chomp).reject(&:empty?).map { |l| l.split(",") }
  paris,12
  oslo,-3
  paris,18
  lima,22
CSV
recs = rows.map { |c, t| Record.new(c, t.to_i) }
by_city = recs.group_by(&:city).transform_values { |rs| rs.sum(&:temp).fdiv(rs.size) }
by_city.sort.each { |city, avg| puts "#{city.ljust(6)} #{'%.1f' % avg}" }
puts recs.max_by(&:temp).city, recs.count { _1.temp < 0 }

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

inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)
