# golden: ruby31
# Kernel#system / backticks / spawn and $?: Ruby's buffered stdout is
# flushed before a child starts, so the child's output lands in order even
# when stdout is a file or pipe.  (ruby31: the 3.4 WebAssembly oracle cannot
# start processes; nothing printed here differs between 3.1 and 3.4.)
puts "parent before"
system("echo child one")
print "parent middle\n"
system("printf", "%s-%s\n", "two", "args")
$stdout.write("parent after\n")
puts `echo captured`.upcase
st = $?
puts st.class
puts st.exitstatus
puts st.success?
puts st.inspect.sub(/pid \d+/, "pid N")
puts st.to_s.sub(/pid \d+/, "pid N")

p system("exit 7")
puts $?.to_s.sub(/pid \d+/, "pid N")
puts $?.to_i
p system("no_such_command_for_golden")
puts $?.exitstatus
p system("kill -9 $$")
puts $?.inspect.sub(/pid \d+/, "pid N")
p [$?.exitstatus, $?.success?, $?.signaled?, $?.termsig]

begin
  `no_such_command_for_golden --flag`
rescue SystemCallError => e
  puts "#{e.class}: #{e.message}"
end
begin
  system("exit 2", exception: true)
rescue RuntimeError => e
  puts "#{e.class}: #{e.message}"
end

# environment and working directory of the child
system({ "GOLDEN_VAR" => "from env hash" }, "echo $GOLDEN_VAR")
system("pwd", chdir: "/")
system("echo to stderr 1>&2", err: :out)

# spawn + wait
pid = spawn("sh", "-c", "echo spawned; exit 4")
wpid, status = Process.wait2(pid)
puts wpid == pid
puts status.exitstatus
puts $?.equal?(status) || $? == status

# a shell pipeline in backticks, a large output
puts `printf 'b\\na\\nc\\n' | sort`.split.join(" ")
big = `i=0; while [ $i -lt 3000 ]; do echo line$i; i=$((i+1)); done`
puts big.lines.size, big.lines.last
puts "done"
