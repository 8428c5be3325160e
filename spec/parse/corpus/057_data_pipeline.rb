# Corpus: data pipeline
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
