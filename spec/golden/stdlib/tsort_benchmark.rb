# TSort and Benchmark compiled from the installed tsort.rb/benchmark.rb
require 'tsort'
require 'benchmark'
class Deps
  include TSort
  def initialize(h) = @h = h
  def tsort_each_node(&b) = @h.each_key(&b)
  def tsort_each_child(n, &b) = @h.fetch(n, []).each(&b)
end
d = Deps.new({ "app" => ["lib", "json"], "lib" => ["core"], "json" => ["core"], "core" => [] })
p d.tsort
p d.strongly_connected_components
cyc = Deps.new({ 1 => [2], 2 => [1] })
begin
  cyc.tsort
rescue TSort::Cyclic => e
  puts e.message
end
p TSort.tsort(->(&b) { [3, 1, 2].each(&b) }, ->(n, &b) { (n > 1 ? [n - 1] : []).each(&b) })

r = Benchmark.realtime { 1000.times { } }
p r.is_a?(Float), r >= 0
tms = Benchmark.measure { 100.times { } }
p tms.class, tms.real >= 0
t = Benchmark::Tms.new(1.5, 0.25, 0.0, 0.0, 2.0, "job")
puts t.format("%u %y %t %r %n")
puts (t + t).format("%.2u|%.3r")
puts Benchmark::CAPTION
p t.to_a
