# Time keeps its instant exact (Rational fractions, as CRuby), converts its
# arguments like CRuby's num_exact, and supports every offset form and
# timezone objects (utc_to_local / local_to_utc).

# exact fractions
p Time.at(Rational(1, 3)).subsec
p Time.at(0.1).utc
p Time.at(0.75).subsec
p Time.at(0, 123456789.500, :nsec).nsec
p Time.at(0, Rational(99, 10), :usec).nsec
t = Time.at(0) + Rational(123_456, 1_000_000)
p t.usec
t += Rational(654_321, 1_000_000)
p t.usec
p Time.at(1.5).to_r
p Time.at(7).to_r
p (Time.at(1.2) - Time.at(1))
p Time.at(0, 999_999_999_999, :nsec).utc.strftime("%12N")
p Time.at(Rational(1, 3)).utc.strftime("%N %L %12N")
p Time.at(100, Rational(1, 1000)) <=> Time.at(100)
p Time.at(100, 5e-3).eql?(Time.at(100, 4e-3))
t = Time.utc(2010, 3, 30, 5, 43, Rational(251234567891, 10000000000))
p t.round(2), t.floor(7), t.ceil(4), t.round
p Time.at(1.1).hash == Time.at(1.1).hash

# calendar arguments
p Time.utc(2000, 1, 1, 0, 0, 1.75, 2).nsec
p Time.utc(2000, 1, 1, 20, 15, 1, Rational(99, 10)).nsec
p Time.utc(1, 15, 20, 1, 1, 2000, :ignored, :ignored, :ignored, :ignored)
p Time.utc(2000, "dec", "15", "5")
p Time.utc(1999, 2, 31)
[[2008, 12, 31, 23, 59, 61], [2008, 12, 31, 23, 59, -1], [2008, 13], [2008, 16],
 [2000, 1, 1, 20, 15, 1, 1000000]].each do |a|
  begin
    Time.utc(*a)
  rescue ArgumentError => e
    puts "#{a.inspect}: #{e.message}"
  end
end
begin
  Time.at(Object.new)
rescue TypeError => e
  puts e.message
end
begin
  Time.at(nil)
rescue TypeError => e
  puts e.message
end

# offsets
p Time.new(2000, 1, 1, 0, 0, 0, Rational(5, 2)).utc_offset
p Time.new(2000, 1, 1, 0, 0, 0, "+053037").utc_offset
p Time.new(2000, 1, 1, 0, 0, 0, "-0530").utc_offset
p Time.new(2000, 1, 1, 0, 0, 0, "W")
p Time.new(2000, 1, 1, 0, 0, 0, "Z").utc?
p Time.new(2000, 1, 1, 0, 0, 0, "-00:00").utc?
p Time.new(2012, 1, 1, 0, 0, 0, Rational(36645, 10)).strftime("%::z")
p Time.new(2000, 1, 1, 0, 0, 0, 3601)
t = Time.gm(2007, 1, 9, 12, 0, 0)
t.localtime(Rational(7201, 2))
p t == Time.new(2007, 1, 9, 13, 0, Rational(1, 2), Rational(7201, 2)), t.utc_offset
p Time.gm(2022).strftime("%z %-z %-:z")
["+24:00", "+09:99", "ABC", "J"].each do |z|
  begin
    Time.new(2000, 1, 1, 0, 0, 0, z)
  rescue ArgumentError => e
    puts e.message
  end
end

# timezone objects
class Zone
  def initialize(offset, name = nil) = (@offset, @name = offset, name)
  def local_to_utc(t) = t - @offset
  def utc_to_local(t) = t + @offset
  def abbr(t) = "Z#{@offset / 3600}"
  attr_reader :name
end
z = Zone.new(19800, "Asia/Colombo")
t = Time.new(2000, 1, 1, 12, 0, 0, z)
p t, t.utc_offset, t.zone.equal?(z), t.utc?, t.wday, t.strftime("%H:%M %Z")
p t + 3600
p Time.at(0, in: z)
p Time.at(0).getlocal(z).hour
m = Marshal.load(Marshal.dump(t))
p m, m.zone
begin
  Marshal.dump(Time.new(2000, 1, 1, 0, 0, 0, Zone.new(0)))
rescue NoMethodError => e
  puts e.message[/undefined method '\w+'/]
end
only_local = Object.new
def only_local.local_to_utc(t) = Time.utc(t.year, t.mon, t.day, t.hour, t.min, t.sec) - 3600
p Time.new(2000, 1, 1, 12, 0, 0, only_local).utc_offset
begin
  Time.new(2000, 1, 1, 12, 0, 0, Object.new)
rescue TypeError => e
  puts e.message
end

# _dump / _load
t = Time.utc(2000, 1, 15, 20, 1, 1, 203)
d = t.send(:_dump)
p d.bytes, d.encoding
p Time.send(:_load, d) == t, Time.send(:_load, d).utc?
p Time.at(0).utc.asctime, Time.at(0).utc.ctime
