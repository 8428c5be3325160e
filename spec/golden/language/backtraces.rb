def level3 = caller
def level2 = level3
def level1 = level2
p level1.first(2)
def where = caller(1, 1).first
p where
def locs = caller_locations(1, 1).first
l = locs
p l.lineno, l.label, l.path
class Worker
  def run = fail_here
  def fail_here = raise(ArgumentError, "worker failed")
end
begin
  Worker.new.run
rescue => e
  puts e.backtrace.first(3)
  p e.backtrace_locations&.first&.lineno
end
def blk_trace = [1].map { caller(0, 2) }.first
puts blk_trace
pr = proc { raise "in proc" }
begin
  pr.call
rescue => e
  puts e.backtrace.first
end
p __method__.inspect
def meth_name = __method__
p meth_name
p __FILE__.end_with?("backtraces.rb"), __LINE__
module Mod
  def self.trace = caller(0, 1)
end
puts Mod.trace
