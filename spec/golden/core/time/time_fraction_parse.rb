# Time with Float-derived exact fractions (CRuby keeps Rationals), Time.new(string), xmlschema
p Time.at(0.1).utc.inspect, Time.at(1.1).utc.nsec, (Time.utc(2024) + 0.1).inspect, Time.utc(2024,1,1,0,0,1.1).inspect
x = Time.utc(2024, 2, 29, 13, 5, 9)
p x.xmlschema, x.iso8601, (x + 0.123456).xmlschema(3), Time.new(2024,1,1,0,0,0,"+09:00").iso8601, x.xmlschema(0)
p Time.new(2024,1,1,0,0,0,"-00:00").xmlschema rescue p $!
p Time.new("2024-01-02 03:04:05 +09:00"), Time.new("2024-01-02 03:04:05.5 UTC") rescue p $!
p Time.new("2024-01-02 03:04:05Z") rescue p $!
p x.deconstruct_keys([:year, :month]) rescue p $!
p x.subsec rescue p $!
p (x + 1.5).to_f, x.to_f, x.ceil(2), x.succ rescue p $!
p x.getlocal("+09:00").to_s, x.getlocal("+09:00").zone, x.getlocal(3600).to_s
p Time.at(x), Time.at(x).utc?, Time.at(x, in: "-02:00")
p x.strftime("%10N|%-N|%0e|%-d|%^c")
p Time.utc(2024, 1, 1, 24, 0, 0) rescue p $!
p Time.utc(-1, 1, 1).year, Time.utc(-1, 1, 1).inspect, Time.utc(12345, 1, 1).to_s rescue p $!
p Time.utc(2024, 1, 1).yday, Time.utc(2024, 12, 31).strftime("%G %V %U %W"), Time.utc(2027, 1, 1).strftime("%G %V %g")
p Time.new(2000, 1, 1, 0, 0, 0, 3600).to_s, Time.new(2000, 1, 1, 0, 0, 0, 3600).utc_offset
p (Time.utc(2024) - Time.utc(2023)).class, Time.utc(2024) - 1.5
p Time.utc(2024).frozen?, Time.utc(2024).to_a.frozen?
t = Time.utc(2024); t.localtime("+01:00"); p t, t.utc?, t.utc, t
p Time.utc(2024,1,1,0,0,0,500).usec, Time.utc(2024,1,1,0,0,0,1.5).nsec
a = Time.at(0.1).utc
p a, a.nsec, a.usec, a.to_f, a == Time.at(0, 100000000, :nsec), a > Time.at(0, 100000000, :nsec)
b = Time.utc(2024) + 0.1
p b, b + 0.2, b - 0.1, b - 0.3, (b + 0.9).inspect, b + 1, b - b, b.round(3), b.ceil(1), b.floor(2)
p Time.at(1.15).utc, Time.at(1.15).nsec, Time.at(-0.1).utc, Time.at(-0.1).nsec, Time.at(2.5).utc
c = Time.utc(2024, 1, 1, 0, 0, 1.1)
p c, c.to_f, c.getlocal("+01:00"), c.dup, Time.at(c), c.hash == Time.utc(2024, 1, 1, 0, 0, 1.1).hash, c.eql?(Time.utc(2024, 1, 1, 0, 0, 1.1))
