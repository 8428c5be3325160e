require_relative '../../spec_helper'

# IO.pipe and reading/writing its two ends.
# Validated with Debian's ruby 3.1 (`scripts/mspec --ruby FILE`): the CRuby
# 3.4 oracle (WebAssembly) has no pipes or threads.  The messages checked
# here are the same in 3.1 and 3.4.

describe "IO.pipe" do
  it "returns a read end and a write end" do
    r, w = IO.pipe
    r.should be_an_instance_of(IO)
    w.should be_an_instance_of(IO)
    (r.fileno == w.fileno).should == false
    r.close
    w.close
  end

  it "makes the write end sync" do
    r, w = IO.pipe
    w.sync.should == true
    r.close
    w.close
  end

  it "carries written bytes to the read end" do
    r, w = IO.pipe
    w.write("abc")
    w.close
    r.read.should == "abc"
    r.close
  end

  it "reads lines with gets and returns nil at end of file" do
    r, w = IO.pipe
    w.puts "one"
    w.print "two\nthree"
    w.close
    r.gets.should == "one\n"
    r.gets.should == "two\n"
    r.gets.should == "three"
    r.gets.should == nil
    r.close
  end

  it "reads a given number of bytes with read(n)" do
    r, w = IO.pipe
    w << "hello world"
    w.close
    r.read(5).should == "hello"
    r.read(100).should == " world"
    r.read(1).should == nil
    r.read.should == ""
    r.close
  end

  it "reports eof? once the writer closed and all bytes are read" do
    r, w = IO.pipe
    w.write("x")
    w.close
    r.eof?.should == false
    r.read
    r.eof?.should == true
    r.close
  end

  it "yields both ends to a block, closes them and returns the block's value" do
    ends = nil
    res = IO.pipe do |r, w|
      ends = [r, w]
      w.write("in block")
      w.close
      r.read
    end
    res.should == "in block"
    ends[0].closed?.should == true
    ends[1].closed?.should == true
  end

  it "closes both ends when the block raises" do
    ends = nil
    -> {
      IO.pipe do |r, w|
        ends = [r, w]
        raise ArgumentError, "boom"
      end
    }.should raise_error(ArgumentError, "boom")
    ends[0].closed?.should == true
    ends[1].closed?.should == true
  end

  it "raises IOError when reading a closed end" do
    r, w = IO.pipe
    r.close
    -> { r.read }.should raise_error(IOError, "closed stream")
    -> { r.gets }.should raise_error(IOError, "closed stream")
    w.close
  end

  it "raises IOError when writing to the read end" do
    r, w = IO.pipe
    -> { r.write("x") }.should raise_error(IOError, "not opened for writing")
    r.close
    w.close
  end

  it "raises IOError when reading from the write end" do
    r, w = IO.pipe
    -> { w.read }.should raise_error(IOError, "not opened for reading")
    r.close
    w.close
  end

  it "closes the write end with close_write" do
    r, w = IO.pipe
    w.write("cw")
    w.close_write
    w.closed?.should == true
    r.read.should == "cw"
    r.close
  end

  it "lets a thread read while another thread writes" do
    r, w = IO.pipe
    reader = Thread.new do
      lines = []
      while (l = r.gets)
        lines << l.chomp
      end
      lines
    end
    writer = Thread.new do
      5.times do |i|
        w.puts "line #{i}"
        sleep 0.01
      end
      w.close
    end
    writer.join
    reader.value.should == ["line 0", "line 1", "line 2", "line 3", "line 4"]
    r.close
  end

  it "does not stop other threads while a reader waits" do
    r, w = IO.pipe
    reader = Thread.new { r.read }
    ticks = 0
    10.times do
      ticks += 1
      sleep 0.01
    end
    w.write("late")
    w.close
    reader.value.should == "late"
    ticks.should == 10
    r.close
  end

  it "carries a large write to a reading thread" do
    r, w = IO.pipe
    reader = Thread.new { r.read }
    w.write("z" * 300_000)
    w.close
    reader.value.bytesize.should == 300_000
    r.close
  end

  it "receives a child's output" do
    r, w = IO.pipe
    system("echo from child", out: w)
    w.close
    r.read.should == "from child\n"
    r.close
  end

  it "is not inherited open by a child" do
    r, w = IO.pipe
    pid = spawn("sleep 0.2")
    w.close
    r.read.should == ""
    Process.wait(pid)
    r.close
  end
end
