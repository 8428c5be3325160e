# Instance variables of objects that have no slot for them (a String, an
# Array, a Hash with ivars) do not keep those objects alive: after
# rounds of making and dropping 20,000 such objects, each holding 4 KB
# through its ivar, the process has not grown by anything like the
# 160 MB they add up to.
# golden: ruby31
# golden: timeout 180
def rss_kb = File.read("/proc/self/status")[/VmRSS:\s+(\d+)/, 1].to_i

def churn(n)
  n.times do |i|
    o = case i % 3
        when 0 then +"s#{i}"
        when 1 then [i]
        else { i => i }
        end
    o.instance_variable_set(:@payload, "x" * 4096)
    o.instance_variable_set(:@n, i)
  end
end

churn(20_000)
GC.start
base = rss_kb
kept = (+"kept").tap { |s| s.instance_variable_set(:@payload, "still here") }
2.times { churn(20_000); GC.start }
grown = rss_kb - base
puts grown < 60_000
puts kept.instance_variable_get(:@payload)
x = [1, 2]
x.instance_variable_set(:@a, 1)
GC.start
puts x.instance_variable_get(:@a), x.instance_variables.inspect
