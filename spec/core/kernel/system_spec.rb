require_relative '../../spec_helper'
require_relative 'fixtures/classes'

# Kernel#system, Kernel#spawn and Process.wait & co.
# Validated with Debian's ruby 3.1 (`scripts/mspec --ruby FILE`): the CRuby
# 3.4 oracle (WebAssembly) cannot start processes.  The messages checked
# here are the same in 3.1 and 3.4.

# Runs block with a pipe's write end; returns what the child wrote there.
def system_spec_capture
  r, w = IO.pipe
  yield w
  w.close
  out = r.read
  r.close
  out
end

describe "Kernel#system" do
  it "returns true when the command exits with status 0" do
    system("true").should == true
  end

  it "returns false when the command exits with a non-zero status" do
    system("false").should == false
  end

  it "returns nil when the command cannot be run" do
    system("nosuchcmd_spinel_spec").should == nil
  end

  it "sets $? to a Process::Status of the child" do
    system("true")
    $?.should be_kind_of(Process::Status)
    $?.exitstatus.should == 0
    $?.success?.should == true
    system("false")
    $?.exitstatus.should == 1
    $?.success?.should == false
  end

  it "sets $? to exit status 127 when the command cannot be run" do
    system("nosuchcmd_spinel_spec")
    $?.exitstatus.should == 127
    $?.pid.should be_kind_of(Integer)
  end

  it "runs a string with shell metacharacters through /bin/sh" do
    system("exit 3").should == false
    $?.exitstatus.should == 3
    system("true && exit 4").should == false
    $?.exitstatus.should == 4
    system("test 1 = 1 || exit 5").should == true
  end

  it "passes several arguments to the program without a shell" do
    out = system_spec_capture { |w| system("printf", "%s|", "a b", "$HOME", "*", out: w) }
    out.should == "a b|$HOME|*|"
  end

  it "splits a string without metacharacters on blanks" do
    out = system_spec_capture { |w| system("printf   %s:%s   x  y", out: w) }
    out.should == "x:y"
  end

  it "accepts [command, argv0] as the first argument" do
    out = system_spec_capture { |w| system(["sh", "spinel_argv0"], "-c", "echo $0", out: w) }
    out.should == "spinel_argv0\n"
  end

  it "sets environment variables from a leading Hash" do
    system({ "SPINEL_SPEC_VAR" => "v1" }, "test \"$SPINEL_SPEC_VAR\" = v1").should == true
    ENV["SPINEL_SPEC_VAR"].should == nil
  end

  it "unsets environment variables mapped to nil" do
    ENV["SPINEL_SPEC_VAR2"] = "x"
    begin
      system({ "SPINEL_SPEC_VAR2" => nil }, "test -z \"$SPINEL_SPEC_VAR2\"").should == true
      system("test -n \"$SPINEL_SPEC_VAR2\"").should == true
    ensure
      ENV.delete("SPINEL_SPEC_VAR2")
    end
  end

  it "runs the command in the :chdir directory" do
    out = system_spec_capture { |w| system("pwd", chdir: "/", out: w) }
    out.should == "/\n"
  end

  it "redirects :out to a file path" do
    path = tmp("system_spec_out.txt")
    begin
      system("echo to file", out: path).should == true
      File.read(path).should == "to file\n"
    ensure
      File.delete(path) if File.exist?(path)
    end
  end

  it "redirects :in from a file path" do
    path = tmp("system_spec_in.txt")
    begin
      File.write(path, "abc\n")
      out = system_spec_capture { |w| system("cat", in: path, out: w) }
      out.should == "abc\n"
    ensure
      File.delete(path) if File.exist?(path)
    end
  end

  it "redirects :err to :out and [:child, :out]" do
    out = system_spec_capture { |w| system("echo e1 1>&2", out: w, err: [:child, :out]) }
    out.should == "e1\n"
    out = system_spec_capture { |w| system("echo e2 1>&2", [:out, :err] => w) }
    out.should == "e2\n"
  end

  it "discards output sent to File::NULL" do
    system("echo discarded", out: File::NULL).should == true
  end

  it "raises RuntimeError on a non-zero exit with exception: true" do
    -> { system("false", exception: true) }.should raise_error(RuntimeError, "Command failed with exit 1: false")
    -> { system("exit 3", exception: true) }.should raise_error(RuntimeError, "Command failed with exit 3: exit 3")
  end

  it "raises Errno::ENOENT for a missing command with exception: true" do
    -> { system("nosuchcmd_spinel_spec", exception: true) }.should raise_error(Errno::ENOENT, "No such file or directory - nosuchcmd_spinel_spec")
  end

  it "returns true with exception: true when the command succeeds" do
    system("true", exception: true).should == true
  end

  it "returns false and reports the signal when the child is killed" do
    system("kill -9 $$").should == false
    $?.signaled?.should == true
    $?.termsig.should == 9
    $?.exitstatus.should == nil
  end

  it "raises TypeError for a command that is not a String" do
    -> { system(1) }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end

  it "raises ArgumentError without a command" do
    -> { system }.should raise_error(ArgumentError)
  end

  it "keeps $? per thread" do
    system("true")
    t = Thread.new { system("exit 2"); $?.exitstatus }
    t.value.should == 2
    $?.exitstatus.should == 0
  end

  it "does not stop other threads while the child runs" do
    value, ticks = KernelSpecs.ticks_while { system("sleep 0.3") }
    value.should == true
    (ticks >= 5).should == true
  end
end

describe "Kernel#spawn" do
  it "returns the child's pid without waiting" do
    pid = spawn("true")
    pid.should be_kind_of(Integer)
    Process.wait(pid).should == pid
    $?.pid.should == pid
    $?.success?.should == true
  end

  it "accepts redirections" do
    out = system_spec_capture do |w|
      pid = spawn("echo", "spawned", out: w)
      Process.wait(pid)
    end
    out.should == "spawned\n"
  end

  it "raises Errno::ENOENT for a missing command" do
    -> { spawn("nosuchcmd_spinel_spec") }.should raise_error(Errno::ENOENT, "No such file or directory - nosuchcmd_spinel_spec")
  end

  it "is also Process.spawn" do
    pid = Process.spawn("exit 6")
    Process.wait(pid)
    $?.exitstatus.should == 6
  end
end

describe "Process.wait" do
  it "waits for any child without arguments" do
    pid = spawn("true")
    Process.wait.should == pid
  end

  it "raises Errno::ECHILD when there is no child" do
    -> { Process.wait }.should raise_error(Errno::ECHILD, "No child processes")
  end

  it "returns nil with WNOHANG while the child runs" do
    r, w = IO.pipe
    pid = spawn("cat", in: r, out: File::NULL)
    r.close
    Process.wait(pid, Process::WNOHANG).should == nil
    w.close
    Process.wait(pid).should == pid
  end

  it "is also Process.waitpid" do
    pid = spawn("exit 1")
    Process.waitpid(pid).should == pid
    $?.exitstatus.should == 1
  end
end

describe "Process.wait2" do
  it "returns [pid, status]" do
    pid = spawn("exit 7")
    res = Process.wait2(pid)
    res.size.should == 2
    res[0].should == pid
    res[1].exitstatus.should == 7
    res[1].pid.should == pid
  end
end

describe "Process.waitall" do
  it "waits for every child and returns [pid, status] pairs" do
    a = spawn("exit 1")
    b = spawn("exit 2")
    res = Process.waitall.sort_by { |pid, _| pid }
    res.map { |pid, _| pid }.should == [a, b].sort
    res.map { |_, st| st.exitstatus }.should == (a < b ? [1, 2] : [2, 1])
  end
end

describe "Process.last_status" do
  it "is the same as $?" do
    system("exit 9")
    Process.last_status.should equal($?)
    Process.last_status.exitstatus.should == 9
  end
end

describe "Kernel#system in a thread" do
  it "is interrupted by Thread#kill" do
    t = Thread.new { system("sleep 5") }
    sleep 0.1
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    t.kill
    t.join
    (Process.clock_gettime(Process::CLOCK_MONOTONIC) - started < 2).should == true
    t.alive?.should == false
  end

  it "is interrupted by Thread#raise" do
    t = Thread.new do
      begin
        `sleep 5`
        :finished
      rescue RuntimeError => e
        e.message
      end
    end
    sleep 0.1
    t.raise(RuntimeError, "stop waiting")
    t.value.should == "stop waiting"
  end
end
