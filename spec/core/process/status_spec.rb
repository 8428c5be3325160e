require_relative '../../spec_helper'

# Process::Status (the value of $?).
# Validated with Debian's ruby 3.1 (`scripts/mspec --ruby FILE`): the CRuby
# 3.4 oracle (WebAssembly) cannot start processes.  The formats checked
# here are the same in 3.1 and 3.4.

describe "Process::Status" do
  it "is nil in $? before any child ran in a new thread" do
    Thread.new { $? }.value.should == nil
  end

  it "describes a normal exit in to_s and inspect" do
    system("exit 3")
    $?.to_s.should == "pid #{$?.pid} exit 3"
    $?.inspect.should == "#<Process::Status: pid #{$?.pid} exit 3>"
  end

  it "describes a signal in to_s and inspect" do
    system("kill -TERM $$")
    $?.to_s.should == "pid #{$?.pid} SIGTERM (signal 15)"
    $?.inspect.should == "#<Process::Status: pid #{$?.pid} SIGTERM (signal 15)>"
  end

  it "returns the child's pid" do
    pid = spawn("true")
    Process.wait(pid)
    $?.pid.should == pid
  end

  it "returns the exit status and success? of a normal exit" do
    system("true")
    $?.exitstatus.should == 0
    $?.success?.should == true
    $?.exited?.should == true
    $?.signaled?.should == false
    $?.stopped?.should == false
    $?.termsig.should == nil
    $?.stopsig.should == nil
    system("exit 42")
    $?.exitstatus.should == 42
    $?.success?.should == false
  end

  it "reports nil exitstatus and success? when killed by a signal" do
    system("kill -KILL $$")
    $?.exitstatus.should == nil
    $?.success?.should == nil
    $?.exited?.should == false
    $?.signaled?.should == true
    $?.termsig.should == 9
    $?.coredump?.should == false
  end

  it "returns the raw wait status from to_i" do
    system("exit 1")
    $?.to_i.should == 256
    system("exit 0")
    $?.to_i.should == 0
    system("kill -KILL $$")
    $?.to_i.should == 9
  end

  it "compares to an Integer with ==" do
    system("exit 2")
    ($? == 512).should == true
    ($? == 2).should == false
  end

  it "compares equal to another status with the same wait status" do
    system("exit 5")
    a = $?
    system("exit 5")
    (a == $?).should == true
    system("exit 6")
    (a == $?).should == false
  end

  it "cannot be instantiated" do
    -> { Process::Status.new }.should raise_error(NoMethodError)
  end
end
