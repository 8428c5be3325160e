# golden: ruby31
# Open3 (capture2/capture2e/capture3, popen2/popen2e/popen3), IO.popen and
# Process.detach.  (ruby31: the 3.4 WebAssembly oracle cannot start
# processes; nothing printed here differs between 3.1 and 3.4.)
require 'open3'

out, st = Open3.capture2("tr a-z A-Z", stdin_data: "hello open3\n")
p out, st.success?
out, err, st = Open3.capture3("echo out; echo err >&2; exit 3")
p out, err, st.exitstatus
oe, st = Open3.capture2e("echo a; echo b >&2")
p oe.lines.sort, st.class
out, st = Open3.capture2("cat", stdin_data: "x" * 200_000)
p out.size
out, st = Open3.capture2("true", stdin_data: "y" * 300_000)
p out, st.success?
out, st = Open3.capture2({ "O3VAR" => "env ok" }, "echo $O3VAR")
p out
out, st = Open3.capture2("pwd", chdir: "/")
p out

Open3.popen3("cat; echo e >&2") do |i, o, e, t|
  i.puts "via popen3"
  i.close
  p o.read, e.read, t.value.success?, t.pid.class
end
i, o, t = Open3.popen2("sort")
i.puts "b", "c", "a"
i.close
p o.read, t.value.exitstatus
o.close
p Open3.popen2e("echo x >&2; exit 4") { |_i, oe, th| [oe.read, th.value.exitstatus] }

begin
  Open3.capture2("no_such_command_for_open3")
rescue SystemCallError => e
  puts "#{e.class}: #{e.message}"
end

# IO.popen
p IO.popen("echo popen").read
p IO.popen(["printf", "%s+", "a", "b c"], &:read)
p IO.popen("sort", "r+") { |f| f.puts "z", "y"; f.close_write; f.readlines }
IO.popen("exit 6") { |f| f.read }
p $?.exitstatus

# Process.detach: a thread that reaps the child
pid = spawn("exit 5")
th = Process.detach(pid)
p th.pid == pid, th.value.exitstatus, th.value.pid == pid
p th.is_a?(Thread)

# threads each capturing a child's output
res = 4.times.map { |k| Thread.new { Open3.capture2("sh", "-c", "sleep 0.1; echo #{k * 10}")[0].to_i } }.map(&:value)
p res
