# require 'time': httpdate/rfc2822, Time.iso8601/parse/strptime (zones given explicitly)
require 'time'
x = Time.utc(2024, 2, 29, 13, 5, 9)
p x.httpdate, x.rfc2822, x.rfc822, Time.new(2024,1,2,3,4,5,"+09:00").rfc2822, Time.new(2024,1,2,3,4,5,"+09:00").httpdate
p Time.iso8601("2024-02-29T13:05:09Z"), Time.iso8601("2024-02-29T13:05:09.25+09:00"), Time.xmlschema("2024-02-29T13:05:09-05:00")
p Time.parse("2024-02-29 13:05:09 UTC"), Time.parse("2024-02-29T13:05:09+09:00"), Time.parse("2024-02-29 13:05:09 +0100"), Time.parse("2024/03/01 10:00 Z")
p Time.parse("Thu, 29 Feb 2024 13:05:09 GMT"), Time.parse("29 Feb 2024 13:05:09 +0000"), Time.parse("2024-02-29 13:05:09.123 UTC").usec
p Time.strptime("2024-02-29 13:05:09 +0000", "%Y-%m-%d %H:%M:%S %z"), Time.strptime("29/Feb/2024:13:05:09 +0900", "%d/%b/%Y:%H:%M:%S %z")
p Time.strptime("1700000000", "%s").utc, Time.strptime("02:30 PM 2024-01-05 UTC", "%I:%M %p %Y-%m-%d %Z")
begin; Time.strptime("junk", "%Y"); rescue => e; p e.class, e.message; end
begin; Time.iso8601("2024-02-29"); rescue => e; p e.class, e.message; end
