# Time.new(String) as CRuby 3.4's time_init_parse: precision:, its error
# messages, zones in the string winning over in:.
p Time.new("2021-12-25 00:00:00.123456789876 +09:00").subsec
p Time.new("2021-12-25 00:00:00.123456789876 +09:00", precision: nil).subsec
p Time.new("2021-12-25 00:00:00 +09:00", precision: 0).subsec
p Time.new("2021-12-25 00:00:00.123 +09:00", precision: -1).subsec
p Time.new("2021-12-25 00:00:00 +09:00", in: "-03:00")
p Time.new("2000", in: "+05:00")
p Time.new("2000-12-25T01:02:03Z")
["2021-12-25 00:00:00 +09:00 abc", " 2021-12-25 00:00:00", "2021-12-25 00:00:00 ",
 "2021-12-25 00:56:17.", "2021-12-25 00:56:137 +0900", "2021-12-25", "202-12-25 00:00:00",
 "2020-13-25 00:56:17 +09:00", "2020-12-25 00:56:17 +00:00:60", "2020-12-25 00:56:17 +24:00",
 "2020-12-25 00", "2020-12-25 00:56.5", "2021-12-25 00:00:00".encode("UTF-16LE")].each do |s|
  Time.new(s)
rescue ArgumentError => e
  puts e.message.dump
end
begin
  Time.new("2021-12-25 00:00:00", precision: "1")
rescue TypeError => e
  puts e.message
end
