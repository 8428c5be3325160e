require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Dir.glob" do
  before :each do
    @root = DirSpecs.create_tree(tmp("dir_glob"))
  end

  after :each do
    DirSpecs.delete_tree(@root)
  end

  it "matches * in one directory, sorted, skipping dot files" do
    Dir.glob(File.join(@root, "*")).should == ["a.txt", "b.rb", "sub", "z.txt"].map { |f| File.join(@root, f) }
  end

  it "matches an extension" do
    Dir.glob("#{@root}/*.txt").map { |f| File.basename(f) }.should == ["a.txt", "z.txt"]
  end

  it "matches ? as one character" do
    Dir.glob("#{@root}/?.rb").map { |f| File.basename(f) }.should == ["b.rb"]
  end

  it "matches character classes" do
    Dir.glob("#{@root}/[ab].*").map { |f| File.basename(f) }.should == ["a.txt", "b.rb"]
  end

  it "expands braces in order" do
    Dir.glob("#{@root}/{z,a}.txt").map { |f| File.basename(f) }.should == ["z.txt", "a.txt"]
  end

  it "matches ** recursively, depth first" do
    Dir.glob("#{@root}/**/*.txt").map { |f| f.sub(@root + "/", "") }.should ==
      ["a.txt", "sub/c.txt", "sub/deep/d.txt", "z.txt"]
  end

  it "lists everything below with **/*" do
    Dir.glob("#{@root}/**/*").map { |f| f.sub(@root + "/", "") }.should ==
      ["a.txt", "b.rb", "sub", "sub/c.txt", "sub/deep", "sub/deep/d.txt", "z.txt"]
  end

  it "matches only directories with a trailing slash" do
    Dir.glob("#{@root}/*/").map { |f| f.sub(@root + "/", "") }.should == ["sub/"]
  end

  it "returns paths relative to base:" do
    Dir.glob("**/*.txt", base: @root).should == ["a.txt", "sub/c.txt", "sub/deep/d.txt", "z.txt"]
    Dir.glob("*", base: File.join(@root, "sub")).should == ["c.txt", "deep"]
  end

  it "matches dot files with File::FNM_DOTMATCH" do
    Dir.glob("#{@root}/.h*").map { |f| File.basename(f) }.should == [".hidden"]
    Dir.glob("#{@root}/*", File::FNM_DOTMATCH).map { |f| File.basename(f) }.should.include?(".hidden")
  end

  it "returns a literal path only when it exists" do
    Dir.glob("#{@root}/a.txt").should == ["#{@root}/a.txt"]
    Dir.glob("#{@root}/nope.txt").should == []
  end

  it "returns [] when nothing matches" do
    Dir.glob("#{@root}/*.none").should == []
    Dir.glob("#{@root}/missing/*").should == []
  end

  it "accepts an Array of patterns" do
    Dir.glob(["#{@root}/b*", "#{@root}/a*"]).map { |f| File.basename(f) }.should == ["b.rb", "a.txt"]
  end

  it "yields each match and returns nil with a block" do
    found = []
    Dir.glob("#{@root}/*.txt") { |f| found << File.basename(f) }.should == nil
    found.should == ["a.txt", "z.txt"]
  end
end

describe "Dir.[]" do
  before :each do
    @root = DirSpecs.create_tree(tmp("dir_aref"))
  end

  after :each do
    DirSpecs.delete_tree(@root)
  end

  it "globs one or more patterns" do
    Dir["#{@root}/*.rb"].map { |f| File.basename(f) }.should == ["b.rb"]
    Dir["#{@root}/*.rb", "#{@root}/a*"].map { |f| File.basename(f) }.should == ["b.rb", "a.txt"]
  end

  it "accepts base:" do
    Dir["*.txt", base: @root].should == ["a.txt", "z.txt"]
  end
end
