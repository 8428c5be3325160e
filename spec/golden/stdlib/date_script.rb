# A script the way people use Date: reading dated records, durations,
# calendars, business days, reports grouped by month and week.
require 'date'

LOG = <<~TEXT
  2024-01-15 deploy api
  2024-01-31 incident db
  2024-02-29 deploy web
  2024-03-01 deploy api
  2024-03-10 incident cache
  2024-12-31 deploy web
TEXT

records = LOG.lines.map do |line|
  day, kind, what = line.split
  { date: Date.parse(day), kind: kind, what: what }
end

puts "first: #{records.first[:date]}  last: #{records.last[:date]}"
span = records.last[:date] - records.first[:date]
puts "span: #{span} (#{span.class}) = #{span.to_i} days"

records.group_by { |r| r[:date].strftime("%Y-%m") }.each do |month, rs|
  puts "#{month}: #{rs.map { |r| r[:what] }.join(', ')}"
end

records.each_cons(2) do |a, b|
  gap = (b[:date] - a[:date]).to_i
  puts "#{a[:date].strftime('%b %-d')} -> #{b[:date].strftime('%b %-d')}: #{gap} days, week #{b[:date].cweek}, #{b[:date].strftime('%A')}"
end

# a month calendar, Monday first
def calendar(year, month)
  first = Date.new(year, month, 1)
  last = Date.new(year, month, -1)
  out = [first.strftime("%B %Y").center(20), "Mo Tu We Th Fr Sa Su"]
  row = "   " * (first.cwday - 1)
  (first..last).each do |d|
    row << d.day.to_s.rjust(2) << " "
    if d.cwday == 7
      out << row.rstrip
      row = +""
    end
  end
  out << row.rstrip unless row.empty?
  out
end
puts calendar(2024, 2)
puts calendar(2025, 6)

# business days between two dates
def business_days(from, to)
  (from...to).count { |d| !d.saturday? && !d.sunday? }
end
puts "business days in March 2024: #{business_days(Date.new(2024, 3, 1), Date.new(2024, 4, 1))}"

# age on a given day
def age(born, on)
  years = on.year - born.year
  years -= 1 if on < (born >> (12 * years))
  years
end
born = Date.new(1990, 2, 28)
[Date.new(2024, 2, 27), Date.new(2024, 2, 28), Date.new(2024, 3, 1)].each { |d| puts "age on #{d}: #{age(born, d)}" }

# month ends and stepping
d = Date.new(2024, 1, 31)
5.times { print d, " "; d = d.next_month }
puts
Date.new(2024, 1, 1).step(Date.new(2024, 2, 1), 7) { |w| print w.strftime("%m/%d"), " " }
puts
p Date.new(2024, 3, 10).downto(Date.new(2024, 3, 7)).map(&:day)
p (Date.new(2024, 12, 30)..Date.new(2025, 1, 2)).map { |x| [x.to_s, x.cwyear, x.cweek, x.yday] }
p (Date.new(2024, 1, 1)..Date.new(2024, 1, 31)).step(10).map(&:day)

# comparisons and case/when
today = Date.new(2024, 6, 15)
deadline = DateTime.new(2024, 6, 15, 17, 30, 0)
puts today == deadline.to_date, today < deadline, today === deadline
case today
when Date.new(2024, 1, 1)..Date.new(2024, 6, 30) then puts "first half"
else puts "second half"
end
p [Date.new(2024, 5, 1), Date.new(2023, 5, 1), Date.new(2024, 1, 1)].sort.map(&:to_s)
p [Date.new(2024, 5, 1), Date.new(2023, 5, 1)].max
p({ Date.new(2024, 1, 1) => :a }[Date.new(2024, 1, 1)])
p Date.new(2024, 1, 1).between?(Date.new(2023, 12, 31), Date.new(2024, 1, 2))

# leap years and validation
p (1896..1904).select { |y| Date.leap?(y) }, Date.new(1900, 1, 1).leap?, Date.new(2000, 1, 1).leap?
p Date.valid_date?(2024, 2, 29), Date.valid_date?(2023, 2, 29)
begin
  Date.new(2023, 2, 29)
rescue Date::Error => e
  puts "#{e.class}: #{e.message} (#{e.is_a?(ArgumentError)})"
end
p Date.today.is_a?(Date), DateTime.now.is_a?(DateTime), Date.today - Date.today

# Time round trips (UTC, so the output does not depend on the zone)
t = Time.utc(2024, 7, 4, 12, 30, 45)
p t.to_date, t.to_datetime
p Date.new(2024, 7, 4).to_time.day, DateTime.new(2024, 7, 4, 1, 2, 3, "+02:00").to_time.utc
