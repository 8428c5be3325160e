# Time without wall-clock output
t = Time.at(0).utc
p t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.utc?, t.to_i
puts t.strftime("%Y-%m-%d %H:%M:%S %z %Z"), t.strftime("%a %b %e %j %%")
t2 = Time.at(1_700_000_000).utc
puts t2.strftime("%Y-%m-%dT%H:%M:%S"), t2.strftime("%d/%m/%y %I:%M %p"), t2.strftime("%A %B %-d, %Y"), t2.strftime("%s %L %3N")
p t2.to_i, (t2 + 86_400).day, (t2 - 3600).hour, t2 - t, (t2 - t).class
t3 = Time.utc(2024, 2, 28, 23, 59, 59)
p (t3 + 1).day, (t3 + 86_401).month, t3.monday?, t3.wednesday?, t3.to_a.first(6)
p Time.utc(2000, 1, 1) < Time.utc(2000, 1, 2), Time.utc(2000, 1, 1) == Time.at(946_684_800).utc
p Time.utc(2024, 12, 25).strftime("%U %W %u %w %C %y %G %V")
p Time.gm(2020, 1, 1, 0, 0, 0).to_i, Time.utc(2020, 3, 1).yday, (Time.utc(2021, 1, 1) - Time.utc(2020, 1, 1)) / 86400
p Time.at(1.5).utc.usec, Time.at(0, 500, :millisecond).utc.strftime("%L") rescue p $!
p t3.inspect, t.inspect, Time.utc(2024, 1, 2, 3, 4, 5.25r).inspect rescue p $!
p Time.utc(2024, 5, 6).to_a.size
