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
