require_relative '../../spec_helper'

describe "File.open" do
  before :each do
    @name = tmp("file_open.txt")
    File.write(@name, "abc\ndef\nghi\n")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "opens for reading by default" do
    f = File.open(@name)
    f.gets.should == "abc\n"
    f.close
  end

  it "returns the block's value and closes the file" do
    io = nil
    File.open(@name) { |f| io = f; f.read(3) }.should == "abc"
    io.closed?.should == true
  end

  it "closes the file when the block raises" do
    io = nil
    -> { File.open(@name) { |f| io = f; raise "boom" } }.should raise_error(RuntimeError, "boom")
    io.closed?.should == true
  end

  it "mode 'w' truncates and writes" do
    File.open(@name, "w") { |f| f.write("new") }
    File.read(@name).should == "new"
  end

  it "mode 'a' appends" do
    File.open(@name, "a") { |f| f.puts "jkl" }
    File.read(@name).should == "abc\ndef\nghi\njkl\n"
  end

  it "mode 'r+' reads and writes at the current position" do
    File.open(@name, "r+") do |f|
      f.gets.should == "abc\n"
      f.write("XYZ")
    end
    File.read(@name).should == "abc\nXYZ\nghi\n"
  end

  it "mode 'w+' can read back what it wrote after rewind" do
    File.open(@name, "w+") do |f|
      f.write("hello\nworld\n")
      f.rewind
      f.gets.should == "hello\n"
      f.pos.should == 6
      f.read.should == "world\n"
    end
  end

  it "accepts File::Constants flags" do
    File.open(@name, File::WRONLY | File::TRUNC) { |f| f.write("flags") }
    File.read(@name).should == "flags"
    File.open(@name, File::WRONLY | File::APPEND) { |f| f.write("+") }
    File.read(@name).should == "flags+"
  end

  it "accepts mode: keyword" do
    File.open(@name, mode: "a") { |f| f.write("!") }
    File.read(@name).should == "abc\ndef\nghi\n!"
  end

  it "raises Errno::ENOENT for a missing file" do
    -> { File.open("missing.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ rb_sysopen - missing.txt")
  end

  it "raises ArgumentError for an invalid mode" do
    -> { File.open(@name, "q") }.should raise_error(ArgumentError, "invalid access mode q")
  end

  it "Kernel#open opens a file like File.open" do
    open(@name) { |f| f.gets }.should == "abc\n"
    f = open(@name, "a")
    f.should be_kind_of(File)
    f.close
  end

  it "File.new opens without a block" do
    f = File.new(@name)
    f.should be_kind_of(File)
    f.path.should == @name
    f.close
  end
end

describe "File reading methods" do
  before :each do
    @name = tmp("file_reading.txt")
    File.write(@name, "one\ntwo\nthree\n")
    @f = File.open(@name)
  end

  after :each do
    @f.close
    File.delete(@name)
  end

  it "gets returns nil at EOF" do
    3.times { @f.gets }
    @f.gets.should == nil
    @f.eof?.should == true
  end

  it "gets with chomp: true" do
    @f.gets(chomp: true).should == "one"
  end

  it "readline raises EOFError at the end" do
    @f.read
    -> { @f.readline }.should raise_error(EOFError, "end of file reached")
  end

  it "lineno counts the lines read" do
    @f.gets
    @f.gets
    @f.lineno.should == 2
  end

  it "read(n) returns nil at EOF" do
    @f.read
    @f.read(1).should == nil
    @f.read.should == ""
  end

  it "each_line yields lines and with_index works on its Enumerator" do
    @f.each_line.with_index(1).map { |l, i| "#{i}:#{l.chomp}" }.should == ["1:one", "2:two", "3:three"]
  end

  it "readlines returns the remaining lines" do
    @f.gets
    @f.readlines.should == ["two\n", "three\n"]
  end

  it "each_char yields characters" do
    @f.each_char.first(3).should == ["o", "n", "e"]
  end

  it "getc returns one character" do
    @f.getc.should == "o"
    @f.getc.should == "n"
  end

  it "seek and pos" do
    @f.seek(4)
    @f.pos.should == 4
    @f.gets.should == "two\n"
    @f.pos = 0
    @f.gets.should == "one\n"
  end

  it "reading a closed file raises IOError" do
    f = File.open(@name)
    f.close
    -> { f.read }.should raise_error(IOError, "closed stream")
    -> { f.gets }.should raise_error(IOError, "closed stream")
    -> { f.eof? }.should raise_error(IOError, "closed stream")
  end

  it "reading a file opened for writing raises IOError" do
    File.open(tmp("file_wonly.txt"), "w") do |w|
      -> { w.read }.should raise_error(IOError, "not opened for reading")
      File.delete(w.path)
    end
  end

  it "gets(nil) reads the rest and gets(n) reads n bytes" do
    @f.gets(2).should == "on"
    @f.gets(nil).should == "e\ntwo\nthree\n"
  end

  it "read with a negative length raises ArgumentError" do
    -> { @f.read(-1) }.should raise_error(ArgumentError, "negative length -1 given")
  end

  ruby_version_is "3.2" do
    it "path is defined on IO" do
      @f.path.should == @name
      STDOUT.path.should == "<STDOUT>"
      IO.instance_method(:path).owner.should == IO
    end
  end

  it "size of an open file" do
    @f.size.should == 14
  end
end
