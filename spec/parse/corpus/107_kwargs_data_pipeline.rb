# Corpus: kwargs, data_pipeline
def connect(host, port = 80, *rest, timeout: 5, retries:, **extra, &cb)
  cb&.call("#{host}:#{port} t=#{timeout} r=#{retries} rest=#{rest} extra=#{extra}")
end
connect("a", retries: 1) { |s| puts s }
connect("b", 8080, 1, 2, retries: 3, timeout: 9, verbose: true) { puts _1 }
opts = {retries: 2}
connect("c", **opts) { |m| puts m }
def fwd(...) = connect(...)
fwd("d", retries: 0) { puts _1 }

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
