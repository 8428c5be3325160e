# golden: ruby31
# Process.spawn's conversions and options: the env by #to_hash with keys
# by #to_str, the command by #to_ary, PATH taken from the env argument,
# pgroup:, umask:, chdir: (by #to_path; a missing directory raises with
# its name), [:out, :err] => name sharing one open file, close_others:,
# rlimit_*:, and the validation of option values before anything runs.
require "tmpdir"

Dir.mktmpdir do |dir|
  out = File.join(dir, "out")
  key = Object.new
  def key.to_str = "FOO"
  env = Object.new
  def env.to_hash = { "BAR" => "env" }
  Process.wait Process.spawn({ key => "key" }, "echo $FOO", out: out)
  print File.read(out)
  Process.wait Process.spawn(env, "echo $BAR", out: out)
  print File.read(out)
  cmd = Object.new
  def cmd.to_ary = ["/bin/sh", "argv_zero"]
  Process.wait Process.spawn(cmd, "-c", "echo $0", out: out)
  print File.read(out)

  bin = File.join(dir, "bin")
  Dir.mkdir(bin)
  File.write(File.join(bin, "my-tool"), "#!/bin/sh\necho tool $1\n")
  File.chmod(0755, File.join(bin, "my-tool"))
  File.write(File.join(bin, "not-exec"), "#!/bin/sh\necho no\n")
  Process.wait Process.spawn({ "PATH" => "#{bin}:#{ENV['PATH']}" }, "my-tool", "ok", out: out)
  print File.read(out)
  begin
    Process.spawn({ "PATH" => "#{bin}:#{ENV['PATH']}" }, "not-exec")
  rescue SystemCallError => e
    p [e.class, $?.exitstatus]
  end

  Process.wait Process.spawn("sh", "-c", "umask", umask: 0o27, out: out)
  print File.read(out)
  Process.wait Process.spawn("sh", "-c", "ps -o pgid= -p $$ | tr -d ' '; echo $$", pgroup: true, out: out)
  pgid, pid = File.read(out).split
  p pgid == pid
  path = Object.new
  path.define_singleton_method(:to_path) { dir }
  Process.wait Process.spawn("pwd", chdir: path, out: out)
  p File.read(out).chomp == File.realpath(dir)
  begin
    Process.spawn("pwd", chdir: File.join(dir, "nonexistent"))
  rescue Errno::ENOENT => e
    p e.message.end_with?("- #{File.join(dir, 'nonexistent')}")
  end
  Process.wait Process.spawn("sh", "-c", "printf out; printf err >&2", [:out, :err] => out)
  p File.read(out)
  Process.wait Process.spawn("sh", "-c", "ulimit -n", rlimit_nofile: 50, out: out)
  print File.read(out)

  r, w = IO.pipe
  w.close_on_exec = false
  pid = Process.spawn("sh", "-c", "sleep 0.2", close_others: true)
  w.close
  p r.read
  Process.wait pid
  r.close

  [
    -> { Process.spawn({ "A=B" => "x" }, "true") },
    -> { Process.spawn({ "A" => "x\0" }, "true") },
    -> { Process.spawn("true", pgroup: -1) },
    -> { Process.spawn("true", pgroup: :true) },
    -> { Process.spawn("true", unsetenv_others: 1) },
    -> { Process.spawn("true", close_others: "yes") },
    -> { Process.exec("true", close_others: 1) },
  ].each do |l|
    l.call
  rescue => e
    p [e.class, e.message]
  end
end

# a backtick child keeps our umask and process group (no option given)
File.umask(0o22)
p `sh -c umask`.chomp
p `sh -c 'ps -o pgid= -p $$'`.to_i == Process.getpgrp
