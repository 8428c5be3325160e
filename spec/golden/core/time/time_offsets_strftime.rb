# Time with fixed offsets, strftime flags/widths, rounding, errors; Process clocks (booleans only)
t = Time.new(2024, 2, 29, 13, 5, 9, "+09:00")
p t, t.to_s, t.utc_offset, t.zone, t.utc?, t.hour
puts t.strftime("%Y-%m-%d %H:%M:%S %z %:z %::z|%Z|")
u = t.getutc
p u, u.hour, t == u, t.eql?(u), t.hash == u.hash
p Time.new(2024, 1, 1, 0, 0, 0, "-05:30").inspect
p Time.new(2024, 1, 1, 0, 0, 0, "UTC").inspect
p Time.new(2024, 1, 1, 0, 0, 0, "Z").utc?
p Time.new(2024, 1, 1, in: "+01:00").to_s
p Time.at(0, in: "+02:00").to_s
p Time.at(1_700_000_000, 123456).utc.inspect
p Time.at(1_700_000_000, 123456789, :nsec).utc.inspect
p Time.at(1_700_000_000, 5, :millisecond).utc.inspect
p Time.at(1.25).utc.inspect, Time.at(1.25).utc.nsec
x = Time.utc(2024, 2, 29, 13, 5, 9)
p x + 0.5, x - 0.25, (x + 0.5).usec, x - (x - 90)
p x.round, (x + 0.7).round, (x + 0.123456).round(3), (x + 0.7).floor, (x + 0.1).ceil
fmts = %w[%-m/%-d %_m %05d %^a %^B %#b %10A %-10A| %3N %6N %12N %-I %_H %k %P %#p %v %c %x %X %+ %G-%V-%u %g %-j %e %-e %010Y %s %C %^p %-y %::z %:z]
fmts.each { |f| puts "#{f} [#{x.strftime(f)}]" }
puts x.strftime("%Q %E %1 literal")
begin; x.strftime("abc %"); rescue => e; p e.class, e.message; end
t2 = Time.new(2024, 6, 1, 12, 0, 0, "+05:45")
fmts.each { |f| puts "#{f} [#{t2.strftime(f)}]" }
p t2.strftime("%z %-z %_z %10z %-:z %_10z")
p Time.new(2024, 6, 1, 12, 0, 0, "-03:00").strftime("%z %-z %_z %10z %-:z %_10:z %010z")
p Time.utc(2024, "feb", 3), Time.utc(2024, 2, 30), Time.gm(1999, 12, 31, 23, 59, 59)
p [Time.utc(2024,1,2), Time.utc(2023,1,1), Time.utc(2025,1,1)].sort.map(&:year)
p x.between?(Time.utc(2024), Time.utc(2025)), Time.utc(2024).month, x.clamp(x, x) == x
p x <=> 3, (x == 3)
h = {x => 1}; p h[Time.utc(2024, 2, 29, 13, 5, 9)]
p x.dup, x.dup.equal?(x), x.to_a
p Time.utc(2024, 1, 1, 0, 0, 59.5).inspect
begin; Time.utc(2024, 13, 1); rescue => e; p e.class, e.message; end
begin; Time.new(2024, 1, 1, 0, 0, 0, "junk"); rescue => e; p e.class, e.message; end
begin; x + x; rescue => e; p e.class, e.message; end
begin; Process.clock_gettime(Process::CLOCK_MONOTONIC, :foo); rescue => e; p e.class, e.message; end
p Process.clock_gettime(Process::CLOCK_REALTIME, :second).class, Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID).class
r = Process.clock_gettime(Process::CLOCK_REALTIME, :second); p (r - Time.now.to_i).abs <= 1
y = Time.utc(2024,1,1); y2 = y.localtime("+03:00"); p y2.equal?(y), y.to_s, y.utc.to_s
p Time.utc(1969, 12, 31, 23, 59, 59).to_i, Time.at(-1.5).utc.inspect
p Time.now - Time.now <= 0, Time.now.utc.utc?
