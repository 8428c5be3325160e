# golden: ruby31
# Process methods about ids, groups, limits and statuses: Process::UID /
# GID / Sys, getpgid/getsid, priorities, setrlimit with RLIM_INFINITY
# and names, Process::Status.wait (no $?), Status#& and #>> (deprecated),
# Process.kill with "-TERM" (process group) and a handler that runs
# before kill returns, Kernel#fork calling Process._fork, Process.daemon
# (returns 0 in a new session, cwd "/"), abort through $stderr with #to_str.
require "tmpdir"

p Process::UID.rid == Process.uid, Process::GID.eid == Process.egid
p Process::Sys.getuid == Process.uid, Process::Sys.getegid == Process.egid
p Process.getpgid(0) == Process.getpgrp, Process.getsid.is_a?(Integer)
p Process.getpriority(Process::PRIO_PROCESS, 0).is_a?(Integer)
p Process.groups.is_a?(Array), Process.maxgroups.is_a?(Integer)
cur, max = Process.getrlimit(:NOFILE)
p Process.setrlimit("NOFILE", cur, max), Process.getrlimit(Process::RLIMIT_NOFILE) == [cur, max]
p Process::RLIM_INFINITY == 2**64 - 1
[-> { Process.getrlimit(:FOO) }, -> { Process.setrlimit(:NOFILE, "BAR") },
 -> { Process.uid = Object.new }, -> { Process.kill("FOO", 0) },
 -> { Process.kill(Object.new, 0) }].each do |l|
  l.call
rescue => e
  p [e.class, e.message.start_with?("unsupported signal") ? "unsupported" : e.message]
end

pid = spawn("exit 29")
st = Process::Status.wait(pid)
p [st.pid == pid, st.exitstatus, $? == nil || $?.pid != pid]
Warning[:deprecated] = false
p st & 0b1011100000000, st >> 8
p Process::Status.wait.pid

got = nil
old = trap(:USR1) { got = :handled }
Process.kill(:USR1, Process.pid)
p got
child = spawn("sleep 5", pgroup: true)
p Process.kill("-TERM", child), Process.kill(-Signal.list["TERM"], child)
Process.wait(child)
p $?.termsig
trap(:USR1, old)

module ForkHook
  def _fork
    pid = super
    $forks = ($forks || 0) + 1 if pid > 0
    pid
  end
end
Process.singleton_class.prepend(ForkHook)
pid = fork { exit!(3) }
Process.wait(pid)
p [$?.exitstatus, $forks]

Dir.mktmpdir do |dir|
  out = File.join(dir, "daemon")
  pid = fork do
    r = Process.daemon
    File.write(out + ".tmp", "#{r} #{Dir.pwd} #{Process.getsid == Process.pid} #{$stdout.tty?}")
    File.rename(out + ".tmp", out)
  end
  Process.wait(pid)
  sleep 0.01 until File.exist?(out)
  p File.read(out)
end

$stderr = Object.new.tap { |o| def o.write(*a) = STDOUT.print("stderr: ", a.inspect, "\n") }
msg = Object.new
def msg.to_str = "bye"
begin
  abort msg
rescue SystemExit => e
  p [e.message, e.status]
end
