# fork with and without a block (a program without threads): the child
# allocates (the collector keeps working), runs at_exit, exits with its
# status; Process.wait/wait2 and $? see it.
a = []
200_000.times { |i| a << "s#{i}" }
a = nil
r, w = IO.pipe
pid = fork do
  r.close
  at_exit { w.puts "child at_exit"; w.close }
  x = []
  300_000.times { |i| x << [i, "child #{i}"] }
  w.puts "child allocated #{x.size}"
end
w.close
p r.read
_, st = Process.wait2(pid)
p st.exitstatus, st.success?
pid = Process.fork do
  exit 3
end
Process.wait(pid)
p $?.exitstatus
pid = fork { $stderr.reopen(File::NULL) rescue nil; raise "boom in child" }
Process.wait(pid)
p $?.exitstatus
r, w = IO.pipe
if (pid = fork)
  w.close
  p r.read
  Process.wait(pid)
  p $?.exitstatus
else
  w.write "from the child without a block"
  w.close
  exit!(7)
end
