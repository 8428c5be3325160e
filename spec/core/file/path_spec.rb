require_relative '../../spec_helper'

describe "File.basename" do
  it "returns the last component" do
    File.basename("/a/b/c.rb").should == "c.rb"
    File.basename("c.rb").should == "c.rb"
    File.basename("/a/b/").should == "b"
    File.basename("/").should == "/"
    File.basename("").should == ""
  end

  it "strips a given suffix" do
    File.basename("/a/b/c.rb", ".rb").should == "c"
    File.basename("/a/b/c.rb", ".py").should == "c.rb"
  end

  it "strips any extension with .*" do
    File.basename("c.tar.gz", ".*").should == "c.tar"
    File.basename(".bashrc", ".*").should == ".bashrc"
  end
end

describe "File.dirname" do
  it "returns all but the last component" do
    File.dirname("/a/b/c.rb").should == "/a/b"
    File.dirname("a/b").should == "a"
    File.dirname("c.rb").should == "."
    File.dirname("/c").should == "/"
    File.dirname("/").should == "/"
    File.dirname("/a/b/").should == "/a"
  end
end

describe "File.extname" do
  it "returns the extension including the dot" do
    File.extname("x/y.txt").should == ".txt"
    File.extname("a.tar.gz").should == ".gz"
  end

  it "returns an empty string without an extension" do
    File.extname("noext").should == ""
    File.extname(".bashrc").should == ""
    File.extname("dir.d/file").should == ""
  end
end

describe "File.join" do
  it "joins with one separator" do
    File.join("a", "b", "c").should == "a/b/c"
    File.join("a/", "/b").should == "a/b"
    File.join("a/", "b").should == "a/b"
    File.join("/", "x").should == "/x"
  end

  it "flattens nested arrays" do
    File.join("a", ["b", ["c"]]).should == "a/b/c"
  end

  it "returns an empty string without arguments" do
    File.join.should == ""
  end

  it "raises TypeError for nil" do
    -> { File.join("a", nil) }.should raise_error(TypeError, "no implicit conversion of nil into String")
  end
end

describe "File.split" do
  it "returns [dirname, basename]" do
    File.split("/x/y/z").should == ["/x/y", "z"]
    File.split("z").should == [".", "z"]
  end
end

describe "File.expand_path" do
  it "returns an absolute path unchanged but normalized" do
    File.expand_path("/a/b/../c/./d").should == "/a/c/d"
    File.expand_path("/").should == "/"
  end

  it "resolves against a given directory" do
    File.expand_path("b", "/a").should == "/a/b"
    File.expand_path("../b", "/a/c").should == "/a/b"
  end

  it "resolves against the working directory" do
    File.expand_path("x").should == File.join(Dir.pwd, "x")
  end

  it "expands ~ to HOME" do
    File.expand_path("~").should == ENV["HOME"]
    File.expand_path("~/f").should == File.join(ENV["HOME"], "f")
  end
end

describe "File.absolute_path" do
  it "does not expand ~" do
    File.absolute_path("/a/../b").should == "/b"
    File.absolute_path("~", "/x").should == "/x/~"
  end

  it "absolute_path? checks for a leading slash" do
    File.absolute_path?("/a").should == true
    File.absolute_path?("a").should == false
  end
end

describe "File::SEPARATOR" do
  it "is /" do
    File::SEPARATOR.should == "/"
    File::ALT_SEPARATOR.should == nil
    File::PATH_SEPARATOR.should == ":"
  end
end

describe "File path names as CRuby's file.c (sp_file_path.c)" do
  it "basename takes the suffix through to_str and raises TypeError for other objects" do
    -> { File.basename("bar.txt", 1) }.should raise_error(TypeError)
    File.basename("foo.", ".*").should == "foo"
    File.basename("a.b.c", ".c*").should == "a.b.c"
    File.basename("bar.txt", "bar.txt").should == "bar.txt"
    File.basename("//", ".*").should == "/"
  end

  it "dirname takes a level and squeezes leading slashes" do
    File.dirname("/////foo/bar/").should == "/foo"
    File.dirname("/home/jason/poot.txt", 2).should == "/home"
    File.dirname("/home/jason", 100).should == "/"
    File.dirname("poot.txt", 0).should == "poot.txt"
    -> { File.dirname("/a", -1) }.should raise_error(ArgumentError, "negative level: -1")
  end

  it "extname of a name ending with a dot is '.'" do
    File.extname("foo.").should == "."
    File.extname(".foo.").should == "."
    File.extname("...").should == ""
  end

  it "join keeps the separator of the right part, refuses recursion and NUL" do
    File.join("usr/", "/bin").should == "usr/bin"
    a = ["a"]
    a << a
    -> { File.join(a) }.should raise_error(ArgumentError, "recursive array")
    -> { File.join("a\0b") }.should raise_error(ArgumentError, "string contains null byte")
  end

  it "path arguments go through to_path and refuse NUL" do
    o = Object.new
    def o.to_path; "/x/y.rb"; end
    File.extname(o).should == ".rb"
    File.split(o).should == ["/x", "y.rb"]
    File.dirname(o).should == "/x"
    -> { File.path("a\0b") }.should raise_error(ArgumentError, "path name contains null byte")
  end

  it "expand_path keeps a leading run of slashes and expands ~user" do
    File.expand_path("////some/path").should == "////some/path"
    File.expand_path("//a/../..").should == "/"
    File.expand_path("~root/x").should == "/root/x" if File.directory?("/root")
    -> { File.expand_path("~no_such_user_spinel") }.should raise_error(ArgumentError, "user no_such_user_spinel doesn't exist")
  end

  it "realpath and realdirpath resolve symlinks; realdirpath allows a missing last component" do
    dir = tmp("realdir")
    Dir.mkdir(dir)
    dir = File.realpath(dir)
    File.write("#{dir}/f", "")
    File.symlink("#{dir}/f", "#{dir}/l")
    File.symlink("#{dir}/loop", "#{dir}/loop")
    File.realpath("#{dir}/l").should == "#{dir}/f"
    File.realpath("#{dir}/f/../").should == dir
    File.realdirpath("#{dir}/missing").should == "#{dir}/missing"
    -> { File.realdirpath("#{dir}/missing/x") }.should raise_error(Errno::ENOENT)
    -> { File.realpath("#{dir}/loop") }.should raise_error(Errno::ELOOP)
    File.unlink("#{dir}/loop", "#{dir}/l", "#{dir}/f")
    Dir.rmdir(dir)
  end

  it "FileTest has File's predicates as module functions" do
    FileTest.directory?("/").should == true
    FileTest.exist?("/no/such/file").should == false
    FileTest.private_instance_methods.include?(:zero?).should == true
  end

  it "File.directory? takes an IO" do
    File.open("/") { |f| File.directory?(f).should == true }
  end
end

describe "File on a descriptor, File.open's block, File#truncate" do
  it "File.new(fd) has no path; a mode the fd lacks is EINVAL; a bad fd EBADF" do
    File.open(__FILE__) do |f|
      g = File.new(f.fileno)
      g.autoclose = false
      g.read(7).should == "require"
      -> { g.path }.should raise_error(IOError, "File is unnamed (TMPFILE?)")
      -> { File.new(f.fileno, "w") }.should raise_error(Errno::EINVAL)
    end
    -> { File.new(-1) }.should raise_error(Errno::EBADF)
  end

  it "File#path is a new String each call" do
    File.open(__FILE__) { |f| f.path.should_not equal(f.path) }
  end

  it "File.open's block calls #close dynamically and propagates its error" do
    rec = []
    File.open(__FILE__) { |f| f.define_singleton_method(:close) { rec << :closed; super() } }
    rec.should == [:closed]
    -> {
      File.open(__FILE__) { |f| f.define_singleton_method(:close) { super(); raise StandardError, "x" } }
    }.should raise_error(StandardError, "x")
  end

  it "File#truncate keeps the read position and checks the mode" do
    name = tmp("truncate.txt")
    File.write(name, "1234567890")
    File.open(name, "r+") do |f|
      f.read(1).should == "1"
      f.truncate(0)
      f.read(1).should == nil
    end
    File.open(name) { |f| -> { f.truncate(0) }.should raise_error(IOError, "not opened for writing") }
    f = File.open(name)
    f.close
    -> { f.size }.should raise_error(IOError, "closed stream")
    File.delete(name)
  end
end

describe "File.join of empty parts and arrays, expand_path with dir '/', File#birthtime" do
  it "an empty part or array still gets a separator" do
    File.join("", "").should == "/"
    File.join([], []).should == "/"
    File.join([[], []]).should == "/"
    File.join("a", []).should == "a/"
  end

  it "expand_path of a relative path against '/' has one leading slash" do
    File.expand_path("bin", "/").should == "/bin"
    File.absolute_path("~", "/").should == "/~"
  end

  it "realdirpath of a dangling symlink is its target" do
    dir = tmp("realdir_link")
    Dir.mkdir(dir)
    dir = File.realpath(dir)
    File.symlink("#{dir}/absent", "#{dir}/lnk")
    File.realdirpath("#{dir}/lnk").should == "#{dir}/absent"
    File.unlink("#{dir}/lnk")
    Dir.rmdir(dir)
  end

  it "File.open refuses 'x' without 'w'" do
    -> { File.open(__FILE__, "rx") }.should raise_error(ArgumentError, "invalid access mode rx")
  end
end
