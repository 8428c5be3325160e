# Time subclasses: which operations keep the subclass; singleton methods/ivars on a Time
class MyTime < Time; end
p (MyTime.utc(2024) + 1).class, (MyTime.utc(2024) - 1).class, MyTime.utc(2024).getutc.class, MyTime.utc(2024).round.class, MyTime.at(0).class
p MyTime.now.class, MyTime.utc(2024) == Time.utc(2024), MyTime.utc(2024).eql?(Time.utc(2024))
t = Time.utc(2024); t.instance_variable_set(:@a, 5); def t.hi = "hi #{@a}"
p t.hi, t.singleton_methods
x = 2000.times.map { |i| Time.utc(2024) + i * 3600 }
p x.last.to_s, x.map(&:to_i).sum, x.uniq.size, x.max == x.last, x.sort.first == x.first
