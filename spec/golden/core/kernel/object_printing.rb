# how puts / p / print / interpolation / Array#to_s use to_s and inspect of user objects
class Plain; end
class WithToS
  def to_s = "WithToS!"
end
class WithInspect
  def inspect = "#<WithInspect custom>"
end
class Both
  def to_s = "both-to_s"
  def inspect = "both-inspect"
end
class BadToS
  def to_s = 42
end
w = WithToS.new
puts w
print w, "\n"
puts "interp: #{w}"
puts [w, w].join("+")
i = WithInspect.new
p i
puts [i].to_s
puts [i].inspect
puts({k: i}.to_s)
p [i, [i]]
o = Both.new
puts o
p o
print o, "\n"
puts "interp: #{o}"
puts [o].to_s
puts [o].inspect
puts({k: o}.to_s)
x = p(o)
puts x.equal?(o)
puts [Both.new, [Both.new]].join(",")
p "#{BadToS.new}".start_with?("#<BadToS")
p Plain.new.to_s.start_with?("#<Plain"), Plain.new.inspect.start_with?("#<Plain")
class Temp
  def initialize(d) = @d = d
  def to_s = format("%.1f°C", @d)
end
temps = [Temp.new(21.456), Temp.new(-3)]
puts temps
puts "Temps: #{temps.join(' / ')}"
p temps.map(&:to_s)
puts :sym, 1.5, nil.to_a.inspect, [nil].to_s, true
$stdout.puts Both.new
STDOUT.print(Both.new, "\n")
puts "%s %p" % [Both.new, Both.new]
