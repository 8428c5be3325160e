# Date._parse's heuristics, strptime and the fixed layouts (iso8601, rfc3339, ...).
require 'date'
[
  "2024-03-04", "Mar 4 2024", "4 March 2024", "March 4, 2024", "03/04/2024", "2024/03/04", "4.3.2024",
  "Sat Aug 28 02:55:50 +09:00 1999", "H11.08.28", "20240304", "20240304T050607", "240304",
  "2024-03-04T05:06:07Z", "2024-03-04 05:06:07.123 -0500", "Tue, 1 Jul 2003 10:52:37 +0200",
  "10:20:30 pm", "3pm", "12 Jan", "Jan 12", "Monday", "2024-W10-1", "2024-064", "--03-04",
  "1999-01-01 BC", "Jan 5 '99", "5 Jan 99", "Thu, 29 Feb 2024 00:00:00 GMT", "noon", "",
  "2024-03-04T05:06:07+05:30", "Jul 4 1776 12:00 EST", "2001-02-03T04:05:06.123456789+07:00",
  "10:00 PST", "sunday 10:00", "12/25", "25 Dec 2024 10:00:00 UTC", "Dec 25th", "the 3rd",
].each do |s|
  p [s, Date._parse(s)]
end
p Date._strptime("2024-03-04", "%Y-%m-%d")
p Date._strptime("03/04/24 10:20 PM", "%m/%d/%y %I:%M %p")
p Date._strptime("2024-03-04 extra", "%Y-%m-%d")
p Date._strptime("Monday March 4 2024", "%A %B %d %Y")
p Date._strptime("x", "%Y")
p Date._strptime("2024064", "%Y%j")
p Date._strptime("1709164800", "%s")
p Date._strptime("2024-03-04T05:06:07+09:00", "%FT%T%z")
p Date._strptime("12:34:56.789", "%H:%M:%S.%L")
p DateTime._strptime("2024-03-04T05:06:07+09:00")
p DateTime.strptime("2024-03-04T05:06:07+09:00")
p DateTime.strptime("2024-03-04 05:06:07 PST", "%Y-%m-%d %H:%M:%S %Z")
p Date.strptime("2024 10 1", "%Y %U %w"), Date.strptime("2024 10 1", "%Y %W %u")
p Date.strptime("2024-W10-3", "%G-W%V-%u")
p Date.strptime("1709164800", "%s"), DateTime.strptime("1709164800123", "%Q")
p DateTime.parse("2024-03-04T05:06:07.5+09:00"), DateTime.parse("Jul 4 1776 12:00 EST")
p DateTime.iso8601("2024-03-04T05:06:07+09:00"), Date.iso8601("20240304"), Date.iso8601("2024-W10-1"), Date.iso8601("2024-064")
p DateTime.rfc3339("2024-03-04T05:06:07+09:00"), DateTime.xmlschema("2024-03-04T05:06:07Z"), Date.xmlschema("2024-03-04")
p DateTime.rfc2822("Tue, 1 Jul 2003 10:52:37 +0200"), DateTime.httpdate("Thu, 29 Feb 2024 00:00:00 GMT")
p Date.jisx0301("R06.02.29"), DateTime.jisx0301("H31.04.30T12:00:00+09:00")
p Date._iso8601("2024-03-04T05:06:07.25-03:00"), Date._rfc3339("2024-03-04T05:06:07+09:00"), Date._xmlschema("2024-03"), Date._rfc2822("1 Jul 03 10:52 EST"), Date._httpdate("Thu, 29 Feb 2024 00:00:00 GMT"), Date._jisx0301("H31.04.30")
begin; Date.parse("xyz"); rescue => e; p [e.class, e.message]; end
begin; Date.strptime("2024-13-01", "%Y-%m-%d"); rescue => e; p [e.class, e.message]; end
begin; Date.parse("2024-01-01" * 20); rescue => e; p [e.class, e.message]; end
begin; Date.iso8601("foo"); rescue => e; p [e.class, e.message]; end
begin; Date.parse("2024-02-30"); rescue Date::Error => e; p e.message; end
p Date.parse("Jan 5", false).mon, Date._parse("5 Jan 99", false), Date.parse("3rd Feb 2001 04:05:06 PM").to_s
p DateTime.parse("3rd Feb 2001 04:05:06 PM"), Date.strptime("2001-02-03"), DateTime.strptime("2001-02-03T04:05:06+07:00")
p Date._parse("x" * 200, limit: nil), Date.parse("2024-01-01 " + " " * 200, limit: 300)
