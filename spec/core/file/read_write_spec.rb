require_relative '../../spec_helper'

describe "File.write" do
  before :each do
    @name = tmp("file_write.txt")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "creates the file and returns the number of bytes written" do
    File.write(@name, "héllo").should == 6
    File.read(@name).should == "héllo"
  end

  it "truncates an existing file" do
    File.write(@name, "long content")
    File.write(@name, "x")
    File.read(@name).should == "x"
  end

  it "converts the content with to_s" do
    File.write(@name, 123).should == 3
    File.read(@name).should == "123"
  end

  it "appends with mode: 'a'" do
    File.write(@name, "a")
    File.write(@name, "b", mode: "a")
    File.read(@name).should == "ab"
  end
end

describe "File.read" do
  before :each do
    @name = tmp("file_read.txt")
    File.write(@name, "line one\nline two\n")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "returns the whole content" do
    File.read(@name).should == "line one\nline two\n"
  end

  it "reads length bytes" do
    File.read(@name, 4).should == "line"
  end

  it "reads length bytes from an offset" do
    File.read(@name, 3, 5).should == "one"
  end

  it "returns an empty String for an empty file" do
    File.write(@name, "")
    File.read(@name).should == ""
  end

  it "raises Errno::ENOENT with CRuby's message for a missing file" do
    -> { File.read("missing.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ rb_sysopen - missing.txt")
  end

  guard -> { RUBY_PLATFORM.include?("linux") } do   # the WebAssembly build says EBADF
    it "raises Errno::EISDIR for a directory" do
      -> { File.read(File.dirname(@name)) }.should raise_error(Errno::EISDIR, "Is a directory @ io_fread - #{File.dirname(@name)}")
    end
  end

  it "the raised Errno::ENOENT is a SystemCallError with errno" do
    begin
      File.read("missing.txt")
    rescue SystemCallError => e
      e.errno.should == Errno::ENOENT::Errno
      e.should be_kind_of(Errno::ENOENT)
    end
  end
end

describe "File.readlines" do
  before :each do
    @name = tmp("file_readlines.txt")
    File.write(@name, "a\nbb\n\nccc")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "returns the lines with their separators" do
    File.readlines(@name).should == ["a\n", "bb\n", "\n", "ccc"]
  end

  it "chomps with chomp: true" do
    File.readlines(@name, chomp: true).should == ["a", "bb", "", "ccc"]
  end

  it "splits on a given separator" do
    File.readlines(@name, "b").should == ["a\nb", "b", "\n\nccc"]
  end

  it "is also IO.readlines" do
    IO.readlines(@name, chomp: true).should == ["a", "bb", "", "ccc"]
  end

  it "raises Errno::ENOENT for a missing file" do
    -> { File.readlines("missing.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ rb_sysopen - missing.txt")
  end
end

describe "File.foreach" do
  before :each do
    @name = tmp("file_foreach.txt")
    File.write(@name, "x\ny\nz\n")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "yields each line and returns nil" do
    lines = []
    File.foreach(@name) { |l| lines << l }.should == nil
    lines.should == ["x\n", "y\n", "z\n"]
  end

  it "passes chomp: to each line" do
    File.foreach(@name, chomp: true).to_a.should == ["x", "y", "z"]
  end

  it "returns an Enumerator without a block" do
    File.foreach(@name).map(&:chomp).should == ["x", "y", "z"]
  end
end

describe "File.exist?, File.file?, File.directory?, File.size, File.zero?" do
  before :each do
    @name = tmp("file_query.txt")
    File.write(@name, "12345")
  end

  after :each do
    File.delete(@name) if File.exist?(@name)
  end

  it "exist? is true for files and directories" do
    File.exist?(@name).should == true
    File.exist?(File.dirname(@name)).should == true
    File.exist?(@name + ".nope").should == false
  end

  it "file? and directory?" do
    File.file?(@name).should == true
    File.directory?(@name).should == false
    File.directory?(File.dirname(@name)).should == true
    File.file?(File.dirname(@name)).should == false
  end

  it "size returns the byte size" do
    File.size(@name).should == 5
  end

  it "size raises Errno::ENOENT for a missing file" do
    -> { File.size("missing.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ rb_file_s_size - missing.txt")
  end

  it "size? is nil for a missing or empty file" do
    File.size?(@name).should == 5
    File.size?("missing.txt").should == nil
    File.write(@name, "")
    File.size?(@name).should == nil
  end

  it "zero? and empty?" do
    File.zero?(@name).should == false
    File.write(@name, "")
    File.zero?(@name).should == true
    File.empty?(@name).should == true
  end
end

describe "File.delete and File.rename" do
  it "delete removes files and returns their count" do
    a = tmp("file_del_a.txt")
    b = tmp("file_del_b.txt")
    File.write(a, "")
    File.write(b, "")
    File.delete(a, b).should == 2
    File.exist?(a).should == false
  end

  it "delete raises Errno::ENOENT for a missing file" do
    -> { File.delete("missing.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ apply2files - missing.txt")
  end

  it "rename moves a file and returns 0" do
    a = tmp("file_ren_a.txt")
    b = tmp("file_ren_b.txt")
    File.write(a, "data")
    File.rename(a, b).should == 0
    File.exist?(a).should == false
    File.read(b).should == "data"
    File.delete(b)
  end

  it "rename raises Errno::ENOENT naming both paths" do
    -> { File.rename("missing.txt", "other.txt") }.should raise_error(Errno::ENOENT, "No such file or directory @ rb_file_s_rename - (missing.txt, other.txt)")
  end
end
