# bench: idiomatic — building text: << onto a buffer, interpolation with
# method calls, String#* and ljust/rjust for columns, join of mapped rows.
SCALE = 1

Row = Struct.new(:id, :name, :qty, :price)

rows = Array.new(500) { |i| Row.new(i, "product#{i % 37}", i % 11, (i % 97) * 1.25) }
reps = 200 * SCALE
bytes = 0
digest = 0
reps.times do |r|
  out = +""
  out << "id".ljust(6) << "name".ljust(12) << "qty".rjust(5) << "total".rjust(10) << "\n"
  out << "-" * 33 << "\n"
  rows.each do |row|
    total = row.qty * row.price
    out << "#{row.id.to_s.ljust(6)}#{row.name.ljust(12)}#{row.qty.to_s.rjust(5)}#{format('%.2f', total).rjust(10)}\n"
  end
  csv = rows.map { |row| [row.id, row.name, row.qty].join(",") }.join("\n")
  bytes += out.bytesize + csv.bytesize
  digest = (digest * 31 + out.sum + csv.hash % 2) % 1_000_000_007 if r == 0
end
puts bytes
puts digest > 0
puts "ops: #{reps * rows.size}"
