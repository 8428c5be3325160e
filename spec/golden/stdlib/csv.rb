# CSV the way scripts use it (csv.rb compiled from the installed Ruby).
require 'csv'
DIR = "/tmp/spinel_csv_golden_#{$$}"
Dir.mkdir(DIR)
at_exit { File.delete("#{DIR}/c.csv") rescue nil; Dir.rmdir(DIR) }
p CSV.parse("a,b\n1,2\n")
p CSV.parse_line("x,\"y,z\",3")
puts CSV.generate_line(["a", "b,c", nil, 3])
s = CSV.generate { |csv| csv << [1, 2]; csv << ["q\"uote", "n\nl"] }
puts s
t = CSV.parse("name,age\nbob,3\namy,5\n", headers: true)
p t.class, t.headers, t.map { |r| r["name"] }, t[0].to_h
t.each { |row| p row }
p t.by_col[1]
puts t.to_s
File.write("#{DIR}/c.csv", "id,val\n1,a\n2,b\n")
p CSV.read("#{DIR}/c.csv")
CSV.foreach("#{DIR}/c.csv", headers: true) { |r| p [r["id"], r["val"]] }
p CSV.parse("1,2.5,x", converters: :numeric)
p CSV.parse("a;b", col_sep: ";")
p CSV::Row.new(["a","b"],[1,2]).to_h
path = "#{DIR}/c2.csv"
CSV.open(path, "w", write_headers: true, headers: %w[id name score]) do |csv|
  csv << [1, "ann", 9.5]
  csv << [2, "bo, jr", nil]
  csv << { "id" => 3, "name" => "cy", "score" => 7 }
end
print File.read(path)
tbl = CSV.table(path)
p tbl.headers, tbl[:score], tbl.size
tbl.each { |r| p r.to_h }
p CSV.read(path, headers: true, header_converters: :symbol, converters: :all).map(&:to_h)
t = CSV.read(path, headers: true)
t.delete("score")
puts t.to_csv
p t.to_a
r = t[0]
r["name"] = "ANN"
r << ["extra", "e"]
p r, r.fields, r.headers, r.field("id"), r.fetch("name"), r.has_key?("zzz"), r.to_s
begin
  CSV.parse("a,\"b\nc")
rescue CSV::MalformedCSVError => e
  p e.class, e.message
end
p CSV.parse("a|'b|c'", col_sep: "|", quote_char: "'")
p CSV.parse("a,b\r\n\r\nc,d\r\n", skip_blanks: true)
p CSV.parse(" a , b ", strip: true)
p CSV.parse_line("1;2;3", col_sep: ";", converters: [:integer]).sum
p "x,y\n".parse_csv, ["a", nil, "c"].to_csv
p CSV.generate(col_sep: "\t") { |c| c << %w[a b] }
p CSV.parse("a,b\n1,2", headers: true, return_headers: false).first.to_h
csv = CSV.new("h1,h2\nv1,v2\n", headers: true)
p csv.shift.to_h, csv.headers, csv.lineno
p CSV.parse("a,b", liberal_parsing: true)
p CSV.parse("1,2\n3,4").transpose
p CSV.generate_line([1, 2], row_sep: "\r\n")
e = CSV.foreach(path)
p e.class, e.first
File.delete(path)
