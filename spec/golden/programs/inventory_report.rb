# Inventory report: parsing a heredoc, grouping, formatting a table, reorder alerts
DATA_TEXT = <<~CSV
  sku,name,category,qty,unit_cost,reorder_at
  A100,Hex bolt M6,hardware,1200,0.05,500
  A101,Hex nut M6,hardware,340,0.03,500
  B200,Cordless drill,tools,14,89.99,5
  B201,Impact driver,tools,3,129.50,4
  C300,Wood glue 250ml,supplies,45,4.25,20
  C301,Sandpaper pack,supplies,8,6.80,10
  B202,Tape measure 5m,tools,27,9.95,10
  A102,Washer M6,hardware,2200,0.01,1000
  D400,Safety glasses,safety,60,3.40,25
  D401,Work gloves L,safety,0,7.75,15
CSV

Item = Struct.new(:sku, :name, :category, :qty, :unit_cost, :reorder_at) do
  def value = qty * unit_cost
  def needs_reorder? = qty <= reorder_at
  def status
    return "OUT" if qty.zero?
    needs_reorder? ? "LOW" : "ok"
  end
end

lines = DATA_TEXT.lines(chomp: true)
header = lines.shift.split(",")
items = lines.map do |line|
  f = line.split(",")
  Item.new(f[0], f[1], f[2].to_sym, f[3].to_i, f[4].to_f, f[5].to_i)
end
puts "Columns: #{header.join(' | ')}"
puts "Loaded #{items.size} items in #{items.map(&:category).uniq.size} categories"
puts

def money(x)
  whole, frac = format("%.2f", x).split(".")
  whole = whole.reverse.scan(/\d{1,3}/).join(",").reverse
  "$#{whole}.#{frac}"
end

width = items.map { |i| i.name.length }.max
puts "#{'SKU'.ljust(5)} #{'Name'.ljust(width)} #{'Qty'.rjust(5)} #{'Cost'.rjust(8)} #{'Value'.rjust(11)} Status"
puts "-" * (5 + width + 5 + 8 + 11 + 11)
items.sort_by { |i| [i.category.to_s, -i.value] }.each do |i|
  puts "#{i.sku.ljust(5)} #{i.name.ljust(width)} #{i.qty.to_s.rjust(5)} #{format('%8.2f', i.unit_cost)} #{money(i.value).rjust(11)} #{i.status}"
end
puts

summary = items.group_by(&:category).map do |cat, is|
  [cat, is.size, is.sum(&:qty), is.sum(&:value)]
end
summary.sort_by! { |row| -row[3] }
puts "Category summary:"
summary.each do |cat, n, qty, val|
  bar = "#" * (val / 100).round
  puts format("  %-9s %2d items %6d units %12s %s", cat, n, qty, money(val), bar)
end
grand = items.sum(&:value)
puts format("  %-9s %2d items %6d units %12s", "TOTAL", items.size, items.sum(&:qty), money(grand))
puts

alerts = items.select(&:needs_reorder?)
puts "Reorder alerts (#{alerts.size}):"
alerts.sort_by { |i| i.qty.to_f / [i.reorder_at, 1].max }.each do |i|
  shortfall = i.reorder_at * 2 - i.qty
  puts "  #{i.sku} #{i.name}: have #{i.qty}, reorder point #{i.reorder_at}, order #{shortfall} (#{money(shortfall * i.unit_cost)})"
end
puts

top = items.max_by(3, &:value)
puts "Top 3 by value: #{top.map(&:sku).join(', ')}"
cheapest_tool = items.select { |i| i.category == :tools }.min_by(&:unit_cost)
puts "Cheapest tool: #{cheapest_tool.name} at #{money(cheapest_tool.unit_cost)}"
share = items.group_by(&:category).transform_values { |is| (is.sum(&:value) / grand * 100).round(1) }
p share
p items.partition { |i| i.qty > 100 }.map { |g| g.map(&:sku) }
p items.each_slice(4).map { |g| g.sum(&:qty) }
p items.map(&:sku).group_by { |s| s[0] }.transform_values(&:count)
p items.find { |i| i.status == "OUT" }&.name
