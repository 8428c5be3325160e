# The Warning module: categories, Warning.warn as the sink of Kernel#warn and
# of the runtime's own warnings ($, $/ $\ $; deprecation, $=), $@ and $.
p Warning.categories
p Warning[:deprecated], Warning[:experimental], Warning[:performance], Warning[:strict_unused_block]
[[:foo], [1], ["deprecated"]].each do |args|
  begin
    Warning[*args]
  rescue => e
    puts "#{e.class}: #{e.message}"
  end
end
p(Warning[:performance] = 3)
p Warning[:performance]
Warning[:performance] = false

def helper
  warn "from helper", uplevel: 0
  warn "one up", uplevel: 1
end
$stderr = STDOUT
helper
warn "a", ["b", "c"], 1
warn
warn "hidden", category: :deprecated
Warning[:deprecated] = true
warn "shown", category: :deprecated
warn "by name", category: "deprecated"
begin
  warn "x", category: :nope
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  warn "x", uplevel: -1
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Warning.warn(:sym)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p Warning.warn("direct\n")
p Warning.instance_method(:warn).owner, Warning.singleton_class.include?(Warning)

$, = "-"
$, = nil
$/ = "\n"
$-0 = "\n"
$\ = "!"
$\ = nil
$; = " "
$; = nil
p $=
$= = true

module Warning
  def self.warn(msg, category: nil)
    print "CUSTOM(#{category.inspect}): ", msg
  end
end
warn "custom"
warn "custom deprecated", category: :deprecated
$, = "x"
$, = nil
Warning[:deprecated] = false
$, = "y"
$, = nil
$VERBOSE = nil
warn "silent"
$= = 1
$VERBOSE = false

begin
  raise "boom"
rescue
  $@ = "here:1"
  p $!.backtrace
  $@ = nil
  p $!.backtrace
  [:sym, ["a", :b], ["a", nil], ["a", ["b"]]].each do |bt|
    begin
      $@ = bt
    rescue TypeError => e
      puts "TypeError: #{e.message}"
    end
  end
end
begin
  $@ = []
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
e = RuntimeError.new("x")
p e.set_backtrace("one"), e.backtrace, e.backtrace_locations
$. = 41.9
p $.
o = Object.new
def o.to_int = 7
$. = o
p $.
