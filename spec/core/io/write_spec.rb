require_relative '../../spec_helper'

describe "IO#write" do
  before :each do
    @name = tmp("io_write.txt")
    @f = File.open(@name, "w")
  end

  after :each do
    @f.close unless @f.closed?
    File.delete(@name) if File.exist?(@name)
  end

  it "returns the number of bytes written" do
    @f.write("héllo").should == 6
  end

  it "writes several arguments and returns the total" do
    @f.write("a", 1, :b).should == 3
    @f.close
    File.read(@name).should == "a1b"
  end

  it "converts non-strings with to_s" do
    @f.write(nil).should == 0
    @f.write([1]).should == 3
    @f.close
    File.read(@name).should == "[1]"
  end

  it "raises IOError on a closed stream" do
    @f.close
    -> { @f.write("x") }.should raise_error(IOError, "closed stream")
  end

  it "raises IOError on a stream opened for reading" do
    @f.close
    File.open(@name) do |r|
      -> { r.write("x") }.should raise_error(IOError, "not opened for writing")
    end
  end
end

describe "IO#<<" do
  it "writes and returns the receiver for chaining" do
    name = tmp("io_lshift.txt")
    File.open(name, "w") do |f|
      (f << "a" << 1 << :c).should equal(f)
    end
    File.read(name).should == "a1c"
    File.delete(name)
  end
end

describe "IO#puts, #print, #printf" do
  before :each do
    @name = tmp("io_puts.txt")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "puts writes lines like Kernel#puts and returns nil" do
    File.open(@name, "w") { |f| f.puts("a", ["b", ["c"]], nil, 1).should == nil }
    File.read(@name).should == "a\nb\nc\n\n1\n"
  end

  it "puts with an empty array writes nothing" do
    File.open(@name, "w") { |f| f.puts([]) }
    File.read(@name).should == ""
  end

  it "puts without arguments writes a newline" do
    File.open(@name, "w") { |f| f.puts }
    File.read(@name).should == "\n"
  end

  it "print writes arguments and returns nil" do
    File.open(@name, "w") { |f| f.print("a", 1, nil).should == nil }
    File.read(@name).should == "a1"
  end

  it "printf formats" do
    File.open(@name, "w") { |f| f.printf("%03d|%s", 7, "z") }
    File.read(@name).should == "007|z"
  end

  it "p is Kernel's private method, not a public IO method" do
    File.open(@name, "w") { |f| -> { f.p("s") }.should raise_error(NoMethodError) }
  end
end

describe "IO#sync" do
  it "is true for STDERR" do
    STDERR.sync.should == true
  end

  it "can be set and read back" do
    name = tmp("io_sync.txt")
    File.open(name, "w") do |f|
      f.sync.should == false
      (f.sync = true).should == true
      f.sync.should == true
      f.write("x")
      File.read(name).should == "x"
    end
    File.delete(name)
  end
end

describe "IO#fileno" do
  it "returns the descriptor of a standard stream" do
    STDOUT.fileno.should == 1
    $stderr.fileno.should == 2
  end

  it "returns a descriptor above 2 for an opened file" do
    name = tmp("io_fileno.txt")
    File.open(name, "w") { |f| (f.fileno > 2).should == true }
    File.delete(name)
  end
end

describe "IO#flush" do
  it "returns the receiver" do
    STDOUT.flush.should equal(STDOUT)
  end
end

describe "IO#closed? and #close" do
  it "reports the closed state; close twice is fine" do
    name = tmp("io_close.txt")
    f = File.open(name, "w")
    f.closed?.should == false
    f.close.should == nil
    f.closed?.should == true
    f.close.should == nil
    File.delete(name)
  end
end
