# writing a CSV-ish file, reading and aggregating it
path = "/tmp/spinel_golden_sales.csv"
rows = [["region", "item", "qty", "price"],
        ["north", "widget", 3, 2.5], ["south", "gadget", 1, 10.0], ["north", "gadget", 2, 10.0],
        ["east", "widget", 10, 2.5], ["south", "widget", 4, 2.5]]
File.open(path, "w") { |f| rows.each { |r| f.puts r.join(",") } }
header, *data = File.readlines(path, chomp: true).map { |l| l.split(",") }
p header
records = data.map { |r| header.zip(r).to_h }
records.each { |r| r["qty"] = r["qty"].to_i; r["price"] = r["price"].to_f }
by_region = records.group_by { |r| r["region"] }
by_region.sort.each do |region, rs|
  total = rs.sum { |r| r["qty"] * r["price"] }
  puts format("%-6s %3d items  $%8.2f", region, rs.sum { |r| r["qty"] }, total)
end
p records.max_by { |r| r["qty"] * r["price"] }
File.write(path, "x\n", mode: "a")
p File.readlines(path).size, File.read(path).count("\n")
File.delete(path)
