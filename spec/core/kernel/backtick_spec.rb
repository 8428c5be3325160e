require_relative '../../spec_helper'
require_relative 'fixtures/classes'

# Kernel#` (backticks and %x{}).
# Validated with Debian's ruby 3.1 (`scripts/mspec --ruby FILE`): the CRuby
# 3.4 oracle (WebAssembly) cannot start processes.  The messages checked
# here are the same in 3.1 and 3.4.

class BacktickSpecOverride
  def `(cmd)
    "overridden: #{cmd}"
  end

  def run
    `echo hi`
  end
end

describe "Kernel#`" do
  it "returns the command's standard output as a String" do
    `echo hello`.should == "hello\n"
  end

  it "returns an empty String when the command prints nothing" do
    `true`.should == ""
  end

  it "runs the command through the shell when it has metacharacters" do
    `echo a; echo b`.should == "a\nb\n"
    `printf '%s' "x y"`.should == "x y"
  end

  it "supports %x{} with interpolation" do
    n = 21
    %x{echo #{n * 2}}.should == "42\n"
    %x(echo paren).should == "paren\n"
  end

  it "sets $? to the child's status" do
    `true`
    $?.success?.should == true
    `exit 3`
    $?.exitstatus.should == 3
  end

  it "returns the output also when the command fails" do
    `echo partial; exit 1`.should == "partial\n"
    $?.exitstatus.should == 1
  end

  it "raises Errno::ENOENT when the command cannot be run" do
    -> { `nosuchcmd_spinel_spec` }.should raise_error(Errno::ENOENT, "No such file or directory - nosuchcmd_spinel_spec")
    -> { `nosuchcmd_spinel_spec arg` }.should raise_error(Errno::ENOENT, "No such file or directory - nosuchcmd_spinel_spec")
  end

  it "sets $? to exit 127 when the command cannot be run" do
    begin
      `nosuchcmd_spinel_spec`
    rescue Errno::ENOENT
    end
    $?.exitstatus.should == 127
  end

  it "does not capture standard error" do
    `echo out; echo err 2>/dev/null 1>&2`.should == "out\n"
  end

  it "reads output larger than a pipe buffer" do
    s = `i=0; while [ $i -lt 2000 ]; do echo 0123456789012345678901234567890123456789; i=$((i+1)); done`
    s.bytesize.should == 82000
    s.lines.size.should == 2000
  end

  it "returns a new unfrozen String" do
    s = `echo x`
    s.frozen?.should == false
    s << "y"
    s.should == "x\ny"
  end

  it "can be called as a method" do
    Kernel.send(:`, "echo sent").should == "sent\n"
  end

  it "raises TypeError for a non-String command" do
    -> { Kernel.send(:`, 1) }.should raise_error(TypeError, "no implicit conversion of Integer into String")
  end

  it "calls a user-defined ` method for a literal" do
    BacktickSpecOverride.new.run.should == "overridden: echo hi"
  end

  it "works from several threads at once" do
    threads = (1..4).map { |i| Thread.new { `echo #{i}`.to_i } }
    threads.map(&:value).should == [1, 2, 3, 4]
  end

  it "does not stop other threads while the child runs" do
    value, ticks = KernelSpecs.ticks_while { `sleep 0.3` }
    value.should == ""
    (ticks >= 5).should == true
  end
end
