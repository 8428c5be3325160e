require_relative '../../spec_helper'

# IO.popen and Process.kill.
# Validated with Debian's ruby 3.1 (`scripts/mspec --ruby FILE`): the CRuby
# 3.4 oracle (WebAssembly) cannot start processes.  Messages that differ
# between 3.1 and 3.4 are in ruby_version_is guards.

describe "IO.popen" do
  it "reads the command's standard output" do
    io = IO.popen("echo popen")
    io.should be_kind_of(IO)
    io.read.should == "popen\n"
    io.close
  end

  it "sets $? when the IO is closed" do
    io = IO.popen("exit 3")
    io.read
    io.close.should == nil
    $?.exitstatus.should == 3
  end

  it "yields the IO, closes it and returns the block's value" do
    saved = nil
    res = IO.popen("echo block") { |f| saved = f; f.gets }
    res.should == "block\n"
    saved.closed?.should == true
    $?.success?.should == true
  end

  it "runs an Array command without a shell" do
    IO.popen(["echo", "a;b", "$HOME"]) { |f| f.read }.should == "a;b $HOME\n"
  end

  it "runs a one-element Array command as a program name" do
    -> { IO.popen(["echo hi"]) }.should raise_error(Errno::ENOENT, "No such file or directory - echo hi")
  end

  it "uses the shell for a String with metacharacters" do
    IO.popen("echo one; echo two", &:readlines).should == ["one\n", "two\n"]
  end

  it "writes to the child's standard input in mode w" do
    path = tmp("popen_spec_w.txt")
    begin
      IO.popen("cat > #{path}", "w") { |f| f.puts "written"; f.write "more" }
      File.read(path).should == "written\nmore"
    ensure
      File.delete(path) if File.exist?(path)
    end
  end

  it "reads and writes in mode r+" do
    IO.popen("sort", "r+") do |f|
      f.puts "b", "c", "a"
      f.close_write
      f.read
    end.should == "a\nb\nc\n"
  end

  it "accepts an environment Hash and redirections" do
    IO.popen({ "POPEN_SPEC" => "envval" }, "echo $POPEN_SPEC", &:read).should == "envval\n"
    IO.popen("echo to err 1>&2", err: [:child, :out], &:read).should == "to err\n"
  end

  it "returns the child's pid from IO#pid" do
    io = IO.popen("true")
    pid = io.pid
    pid.should be_kind_of(Integer)
    io.close
    $?.pid.should == pid
    STDIN.pid.should == nil
  end

  it "raises Errno::ENOENT for a missing program" do
    -> { IO.popen("nosuchcmd_spinel_spec") }.should raise_error(Errno::ENOENT, "No such file or directory - nosuchcmd_spinel_spec")
  end

  it "does not stop other threads while reading" do
    t = Thread.new { IO.popen("sleep 0.3; echo late", &:read) }
    ticks = 0
    while t.alive?
      ticks += 1
      sleep 0.01
    end
    t.value.should == "late\n"
    (ticks >= 5).should == true
  end
end

describe "Process.kill" do
  it "sends a signal given by name to a child" do
    pid = spawn("sleep 5")
    Process.kill(:TERM, pid).should == 1
    Process.wait(pid)
    $?.termsig.should == 15
  end

  it "accepts names with SIG, Strings and numbers" do
    pid = spawn("sleep 5")
    Process.kill("SIGKILL", pid).should == 1
    Process.wait(pid)
    $?.termsig.should == 9
    pid = spawn("sleep 5")
    Process.kill(2, pid)
    Process.wait(pid)
    $?.termsig.should == 2
  end

  it "checks that a process exists with signal 0" do
    Process.kill(0, Process.pid).should == 1
  end

  it "raises Errno::ESRCH for a missing process" do
    pid = spawn("true")
    Process.wait(pid)
    -> { Process.kill(:TERM, pid) }.should raise_error(Errno::ESRCH, "No such process")
  end

  ruby_version_is "3.4" do
    it "raises ArgumentError for an unknown signal" do
      -> { Process.kill(:NOSUCHSIG, Process.pid) }.should raise_error(ArgumentError, "unsupported signal 'SIGNOSUCHSIG'")
    end
  end
end
