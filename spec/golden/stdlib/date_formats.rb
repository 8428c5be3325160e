# Date and DateTime: constructors, accessors, arithmetic and every string form.
require 'date'

d = Date.new(2024, 2, 29)
p d
puts d
p d + 1, d - 1, d >> 1, d << 12, d.next_day, d.prev_day(2), d.prev_month, d.next_year, d.prev_year
p d.year, d.mon, d.month, d.mday, d.day, d.wday, d.yday, d.cwday, d.cweek, d.cwyear
p d.leap?, d.mjd, d.jd, d.ajd, d.amjd, d.ld, d.start, d.day_fraction
p Date.new(2024, 3, 1) - d, d.succ, d.next
p Date.new(2001, 2, -1), Date.ordinal(2001, 34), Date.ordinal(2001, -1), Date.jd(2451944), Date.commercial(2001, 5, 6)
p Date.new, Date.new(-1, 1, 1), Date.new(12345, 1, 1).to_s
p Date::ITALY, Date::ENGLAND, Date::GREGORIAN, Date::JULIAN
p Date::MONTHNAMES, Date::ABBR_MONTHNAMES, Date::DAYNAMES, Date::ABBR_DAYNAMES

# the calendar reform
p Date.new(1582, 10, 15) - 1, Date.new(1582, 10, 15).jd, Date.new(1000, 1, 1).jd
p Date.new(1000, 1, 1).julian?, Date.new(2024, 1, 1).gregorian?
p Date.new(2024, 1, 1, Date::GREGORIAN), Date.new(2024, 1, 1, Date::JULIAN)
p Date.new(2024, 1, 1).new_start(Date::JULIAN), Date.new(2024, 1, 1).julian.to_s
p Date.valid_date?(1582, 10, 10), Date.valid_date?(1582, 10, 10, Date::GREGORIAN)
p Date.gregorian_leap?(1900), Date.julian_leap?(1900)

# fractions and DateTime
p Date.new(2024, 1, 1) + 0.5, Date.new(2024, 1, 1) + Rational(1, 3)
p DateTime.new(2024, 1, 2, 3, 4, 5)
puts DateTime.new(2024, 1, 2, 3, 4, 5, "+09:00")
p DateTime.new(2024, 1, 2, 3, 4, 5.5), DateTime.new(2024, 1, 2, 3, 4, 5, Rational(-5, 24))
dt = DateTime.new(2024, 1, 2, 3, 4, 5.25, "+09:00")
p dt.hour, dt.min, dt.minute, dt.sec, dt.second, dt.sec_fraction, dt.offset, dt.zone, dt.day_fraction
p dt.new_offset(0), dt.new_offset("-05:00"), dt.to_date, dt.to_datetime.equal?(dt)
p DateTime.new(2024, 1, 2, 12) - Date.new(2024, 1, 1), dt + Rational(1, 24)
p DateTime.new(2024, 1, 1, 23, 0, 0, "-05:00").new_offset(0)
p Date.new(2024, 1, 1).to_datetime, DateTime.jd(2451944, 12), DateTime.ordinal(2001, 34, 1, 2, 3)
p DateTime.commercial(2001, 5, 6, 7, 8, 9, "+01:00")

# comparison
p Date.new(2024, 1, 1) <=> Date.new(2024, 1, 2), Date.new(2024, 1, 1) <=> 2460311, Date.new(2024, 1, 1) == 2460311
p Date.new(2024, 1, 1) === 2460311, d === DateTime.new(2024, 2, 29, 12), d == DateTime.new(2024, 2, 29)
p d.eql?(Date.new(2024, 2, 29)), d.hash == Date.new(2024, 2, 29).hash, d <=> "x"

# strftime
p d.strftime("%Y %m %d %j %a %A %b %B %U %W %u %w %G %V %Z %z %s %Q %F %D %+ %c %x")
p d.strftime("%-m/%-d/%y %e %^a %^B %10A|%-10A|%010d %C %g %h %n%t%% %v %R %T %r %p %I %l %L %N %3N")
p dt.strftime("%H:%M:%S.%L %:z %::z %Z %s %Q"), dt.strftime
p Date.new(2024, 5, 5).ctime, Date.new(2024, 5, 5).asctime, Date.new(2024, 5, 5).strftime

# the standard string forms
p d.to_s, d.inspect, d.iso8601, d.xmlschema, d.rfc3339, d.httpdate, d.rfc2822, d.rfc822, d.jisx0301
p dt.to_s, dt.iso8601, dt.iso8601(3), dt.xmlschema, dt.rfc3339, dt.jisx0301, dt.jisx0301(2), dt.httpdate
p Date.new(1868, 1, 1).jisx0301, Date.new(1912, 7, 30).jisx0301, Date.new(1989, 1, 7).jisx0301, Date.new(2019, 4, 30).jisx0301
p d.sunday?, d.thursday?, d.deconstruct_keys(nil), dt.deconstruct_keys([:hour, :zone])
case d
in {year: 2024, month: 2, day:} then puts "day #{day}"
end
p d.infinite?, d.frozen?

# errors
[[2023, 2, 29], [2024, 13, 1], [2024, 0, 1]].each do |a|
  Date.new(*a)
rescue Date::Error => e
  p [a, e.message]
end
begin; Date.new("2024", 1, 1); rescue TypeError => e; p e.message; end
begin; d + "1"; rescue TypeError => e; p e.message; end
p d.step(d + 3, 0).first(2).map(&:day), d.step(d - 3, -2).map(&:day)
