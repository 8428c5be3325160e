# Parse CSV-ish text, aggregate, and print aligned reports.
DATA_TEXT = <<~CSV
  region,product,units,price
  north,widget,10,2.50
  south,gadget,3,10.00
  north,gadget,7,10.00
  east,widget,1,2.50
  south,widget,12,2.25
  east,gizmo,4,7.75
  north,gizmo,2,8.00
  bad line here
  west,widget,x,2.50
CSV

Row = Struct.new(:region, :product, :units, :price) do
  def total = units * price
end

errors = []
rows = DATA_TEXT.lines(chomp: true).drop(1).each_with_index.filter_map do |line, i|
  fields = line.split(",")
  unless fields.size == 4
    errors << "line #{i + 2}: expected 4 fields, got #{fields.size}"
    next
  end
  region, product, units, price = fields
  begin
    Row.new(region.to_sym, product, Integer(units), Float(price))
  rescue ArgumentError => e
    errors << "line #{i + 2}: #{e.message}"
    nil
  end
end

puts "Parsed #{rows.size} rows, #{errors.size} errors"
errors.each { |e| puts "  ! #{e}" }

by_region = rows.group_by(&:region)
puts
puts format("%-8s %6s %10s", "Region", "Units", "Revenue")
puts "-" * 26
by_region.sort_by { |r, _| r }.each do |region, rs|
  puts format("%-8s %6d %10.2f", region, rs.sum(&:units), rs.sum(&:total))
end
puts "-" * 26
puts format("%-8s %6d %10.2f", "TOTAL", rows.sum(&:units), rows.sum(&:total))

puts
best = rows.max_by(&:total)
puts "Best line: #{best.region}/#{best.product} = #{'%.2f' % best.total}"
by_product = rows.each_with_object(Hash.new(0)) { |r, h| h[r.product] += r.units }
by_product.sort_by { |k, v| [-v, k] }.each_with_index do |(prod, units), i|
  bar = "#" * units
  puts "#{i + 1}. #{prod.ljust(7)} #{units.to_s.rjust(3)} #{bar}"
end
share = rows.sum(&:total)
report = by_region.transform_values { |rs| (rs.sum(&:total) / share * 100).round(1) }
p report.sort.to_h
p rows.map(&:product).uniq.sort
p rows.partition { |r| r.units > 5 }.map(&:size)
