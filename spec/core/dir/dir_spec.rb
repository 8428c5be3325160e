require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Dir.entries, Dir.children, Dir.each_child" do
  before :each do
    @root = DirSpecs.create_tree(tmp("dir_entries"))
  end

  after :each do
    DirSpecs.delete_tree(@root)
  end

  guard -> { RUBY_PLATFORM.include?("linux") } do   # the WebAssembly file system lists no . and ..
    it "entries includes . and .. and dot files" do
      Dir.entries(@root).sort.should == [".", "..", ".hidden", "a.txt", "b.rb", "sub", "z.txt"]
    end

    it "foreach yields every entry" do
      names = []
      Dir.foreach(File.join(@root, "sub")) { |c| names << c }
      names.sort.should == [".", "..", "c.txt", "deep"]
    end
  end

  it "children excludes . and .." do
    Dir.children(@root).sort.should == [".hidden", "a.txt", "b.rb", "sub", "z.txt"]
  end

  it "each_child yields the children and returns nil" do
    names = []
    Dir.each_child(File.join(@root, "sub")) { |c| names << c }.should == nil
    names.sort.should == ["c.txt", "deep"]
  end

  it "each_child without a block returns an Enumerator" do
    Dir.each_child(File.join(@root, "sub")).to_a.sort.should == ["c.txt", "deep"]
  end

  it "raises Errno::ENOENT for a missing directory" do
    -> { Dir.entries("/nonexistent/path/x") }.should raise_error(Errno::ENOENT, "No such file or directory @ dir_initialize - /nonexistent/path/x")
    -> { Dir.children("/nonexistent/path/x") }.should raise_error(Errno::ENOENT)
  end
end

describe "Dir.exist? and Dir.empty?" do
  it "exist? is true only for directories" do
    Dir.exist?(".").should == true
    Dir.exist?(__FILE__).should == false
    Dir.exist?("/nonexistent/x").should == false
  end

  it "empty? for an empty and a non-empty directory" do
    d = tmp("dir_empty")
    Dir.mkdir(d)
    Dir.empty?(d).should == true
    File.write(File.join(d, "f"), "")
    Dir.empty?(d).should == false
    File.delete(File.join(d, "f"))
    Dir.rmdir(d)
  end
end

describe "Dir.mkdir and Dir.rmdir" do
  before :each do
    @d = tmp("dir_mk")
  end

  after :each do
    Dir.rmdir(@d) if Dir.exist?(@d)
  end

  it "mkdir creates a directory and returns 0" do
    Dir.mkdir(@d).should == 0
    File.directory?(@d).should == true
  end

  it "mkdir raises Errno::EEXIST when it exists" do
    Dir.mkdir(@d)
    -> { Dir.mkdir(@d) }.should raise_error(Errno::EEXIST, "File exists @ dir_s_mkdir - #{@d}")
  end

  it "mkdir raises Errno::ENOENT when the parent is missing" do
    -> { Dir.mkdir("/nonexistent/x/y") }.should raise_error(Errno::ENOENT, "No such file or directory @ dir_s_mkdir - /nonexistent/x/y")
  end

  it "rmdir removes an empty directory and returns 0" do
    Dir.mkdir(@d)
    Dir.rmdir(@d).should == 0
    Dir.exist?(@d).should == false
  end

  it "rmdir raises Errno::ENOENT for a missing directory" do
    -> { Dir.rmdir(@d) }.should raise_error(Errno::ENOENT, "No such file or directory @ dir_s_rmdir - #{@d}")
  end

  it "rmdir raises Errno::ENOTEMPTY for a non-empty directory" do
    Dir.mkdir(@d)
    File.write(File.join(@d, "f"), "")
    -> { Dir.rmdir(@d) }.should raise_error(Errno::ENOTEMPTY)
    File.delete(File.join(@d, "f"))
  end

  it "delete and unlink are aliases of rmdir" do
    Dir.mkdir(@d)
    Dir.delete(@d).should == 0
    Dir.mkdir(@d)
    Dir.unlink(@d).should == 0
  end

  it "rmdir errors are SystemCallErrors" do
    begin
      Dir.rmdir(@d)
    rescue SystemCallError => e
      e.class.should == Errno::ENOENT
    end
  end
end

describe "Dir.pwd and Dir.chdir" do
  it "pwd returns the absolute working directory" do
    Dir.pwd.should == File.expand_path(".")
    Dir.getwd.should == Dir.pwd
  end

  it "chdir with a block changes directory for the block and restores it" do
    here = Dir.pwd
    d = File.expand_path(tmp("dir_chdir"))
    Dir.mkdir(d)
    Dir.chdir(d) { Dir.pwd }.should == d
    Dir.pwd.should == here
    Dir.rmdir(d)
  end

  ruby_version_is "3.4" do
    it "chdir raises Errno::ENOENT for a missing directory" do
      -> { Dir.chdir("/nonexistent/x") }.should raise_error(Errno::ENOENT, "No such file or directory @ chdir_path - /nonexistent/x")
    end
  end

  it "home returns HOME" do
    Dir.home.should == ENV["HOME"]
  end
end

describe "Dir instances" do
  before :each do
    @root = DirSpecs.create_tree(tmp("dir_inst"))
  end

  after :each do
    DirSpecs.delete_tree(@root)
  end

  it "Dir.new(path).children and path" do
    d = Dir.new(File.join(@root, "sub"))
    d.path.should == File.join(@root, "sub")
    d.children.sort.should == ["c.txt", "deep"]
    d.close
  end

  it "Dir.open with a block returns the block's value" do
    Dir.open(File.join(@root, "sub")) { |d| d.each_child.to_a.sort }.should == ["c.txt", "deep"]
  end
end

describe "Dir instances hold an open directory stream" do
  before :each do
    @root = DirSpecs.create_tree(tmp("dir_stream"))
  end

  after :each do
    DirSpecs.delete_tree(@root)
  end

  it "read, pos, seek and rewind walk the stream" do
    d = Dir.open(@root)
    first = d.read
    pos = d.pos
    second = d.read
    d.seek(pos).should equal(d)
    d.read.should == second
    d.rewind.should equal(d)
    d.read.should == first
    d.fileno.should be_kind_of(Integer)
    d.close
  end

  it "close twice is nil and the reading methods then raise IOError" do
    d = Dir.open(@root)
    d.close.should == nil
    d.close.should == nil
    -> { d.read }.should raise_error(IOError, "closed directory")
    -> { d.fileno }.should raise_error(IOError, "closed directory")
    d.path.should == @root
  end

  it "Dir.open with a block closes the Dir" do
    kept = Dir.open(@root) { |d| d }
    -> { kept.read }.should raise_error(IOError, "closed directory")
  end

  it "Dir.empty? raises ENOENT for a missing directory, false for a file" do
    -> { Dir.empty?(File.join(@root, "none")) }.should raise_error(Errno::ENOENT)
    Dir.empty?(File.join(@root, "a.txt")).should == false
  end

  it "Dir.glob checks sort: and NUL" do
    -> { Dir.glob("*", sort: nil) }.should raise_error(ArgumentError, /expected true or false/)
    -> { Dir.glob("a\0b") }.should raise_error(ArgumentError, /nul-separated/)
  end

  guard -> { RUBY_PLATFORM.include?("linux") } do   # the WebAssembly file system lists no .
    it "Dir.glob finds '.' with '.*' but not through '**'" do
      Dir.glob(".*", base: @root).sort.should == [".", ".hidden"]
      Dir.glob("**/.*", base: @root).sort.should == [".hidden"]
      Dir.glob("**/", File::FNM_DOTMATCH, base: @root).include?("./").should == false
    end

    it "Dir.glob '**/' lists real directories only, and '/' for the base" do
      File.symlink(File.join(@root, "sub"), File.join(@root, "ln"))
      Dir.glob("**/", base: @root).should == ["/", "sub/", "sub/deep/"]
      Dir.glob("*/", base: @root).should == ["ln/", "sub/"]
      File.unlink(File.join(@root, "ln"))
    end

    it "Dir#chdir's block goes back by descriptor, even to a removed directory" do
      gone = File.join(@root, "gone")
      Dir.mkdir(gone)
      orig = Dir.pwd
      d = Dir.new(File.join(@root, "sub"))
      Dir.chdir(gone) { d.chdir { Dir.rmdir(gone) } }
      Dir.pwd.should == orig
      d.close
    end if Dir.method_defined?(:chdir)

    it "Dir.home(user) is that user's home, ArgumentError for no such user" do
      Dir.home("root").should == "/root" if File.directory?("/root")
      -> { Dir.home("no_such_user_spinel") }.should raise_error(ArgumentError)
    end
  end
end
