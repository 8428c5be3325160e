# Time arithmetic and formatting on fixed UTC times
t = Time.utc(2024, 2, 28, 22, 30, 15)
p t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.zone, t.utc_offset
p (t + 3600 * 2).strftime("%F %T"), (t + 86_400).strftime("%F"), (t + 2 * 86_400).strftime("%F"), (t - 86_400 * 59).strftime("%F")
p Time.utc(2023, 2, 28) + 86_400 == Time.utc(2023, 3, 1), Time.utc(2024, 12, 31).yday, Time.utc(2023, 12, 31).yday
d1 = Time.utc(2024, 1, 1)
d2 = Time.utc(2024, 3, 15, 12)
p d2 - d1, ((d2 - d1) / 86_400).floor, d2 > d1, [d2, d1].min == d1, (d1..d2).cover?(Time.utc(2024, 2, 1))
%w[%Y-%m-%d %H:%M:%S %y%m%d %b\ %-d %B %A %a %j %U %W %u %w %e %l %p %I %M %S %L %N %z %Z %% %C %D %R %r %T %h].each do |f|
  puts "#{f.ljust(8)} #{d2.strftime(f)}"
end
p Time.at(0).utc.to_a, Time.at(86_399).utc.strftime("%T"), Time.at(-1).utc.year, Time.at(2**31).utc.year
p t.to_i, t.to_f, Time.at(t.to_i).utc == t, t.round.sec, Time.utc(2024, 1, 1, 0, 0, 0.5).usec
p t.monday?, t.wednesday?, t.sunday?, (0..6).map { |i| (d1 + i * 86_400).strftime("%a") }
p Time.gm(2000, "jan", 1).month, Time.utc(2024, 2, 29).strftime("%F"), Time.utc(2000, 1, 1).sunday? || Time.utc(2000, 1, 1).saturday?
ages = [[1990, 5, 17], [2000, 2, 29], [2010, 12, 31]].map do |y, m, dd|
  birth = Time.utc(y, m, dd)
  now = Time.utc(2024, 6, 1)
  now.year - birth.year - ((now.month > birth.month || (now.month == birth.month && now.day >= birth.day)) ? 0 : 1)
end
p ages
p t.inspect, t.to_s, Time.utc(2024, 1, 2, 3, 4, 5).inspect
