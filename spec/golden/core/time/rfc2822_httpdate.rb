# Time.rfc2822/rfc822 and Time.httpdate as time.rb parses (zones, military
# letters, year completion, comments after the zone, the three RFC 2616
# layouts, error messages), and Time#to_time.  TZ is fixed: a zone equal
# to the local offset gives a local Time.
ENV["TZ"] = "UTC"
require 'time'
[
  "26 Aug 76 14:30 EDT", "27 Aug 76 09:32 PDT", "Fri, 21 Nov 1997 09:55:06 -0600",
  "Tue, 1 Jul 2003 10:52:37 +0200", "Thu, 13 Feb 1969 23:32:54 -0330",
  " Thu,\n      13\n        Feb\n          1969\n      23:32\n               -0330 (Newfoundland Time)",
  "21 Nov 97 09:55:06 GMT", "Fri, 21 Nov 1997 09 :   55  :  06 -0600",
  "Fri, 21 Nov 1997 09(comment):   55  :  06 -0600", "Sat, 01 Jan 2000 00:00:00 UT",
  "Sat, 01 Jan 2000 00:00:00 Z", "Sat, 01 Jan 2000 00:00:00 -0000", "Sat, 01 Jan 2000 00:00:00 +0000",
  "Sat, 01 Jan 2000 00:00:00 A", "Sat, 01 Jan 2000 00:00:00 m", "Sat, 01 Jan 2000 00:00:00 Y",
  "1 jan 49 00:00 est", "1 Jan 150 00:00 EST", "Sat,01 Jan 2000 00:00:00 +0900 trailing",
  "31 Feb 2000 00:00 GMT", "Sat, 01 Jan 2000 25:00:00 GMT", "Sat 01 Jan 2000 00:00:00 GMT", "junk",
].each do |s|
  begin
    t = Time.rfc2822(s)
    p [t, t.utc_offset, t.utc?]
  rescue ArgumentError => e
    p e
  end
end
["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
 "Sun Nov 16 08:49:37 1994", " sun, 06 nov 1994 08:49:37 gmt  ", "Sun, 06 Nov 1994 08:49:37 +0000",
 "Sun Nov 6 08:49:37 1994", "Thursday, 01-Jan-70 00:00:00 GMT", "x"].each do |s|
  begin
    t = Time.httpdate(s)
    p [t, t.utc?]
  rescue ArgumentError => e
    p e
  end
end
t = Time.now
p t.to_time.equal?(t)
p Time.method(:rfc822) == Time.method(:rfc2822)
