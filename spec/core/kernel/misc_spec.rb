require_relative '../../spec_helper'

describe "Kernel#String" do
  it "returns a String unchanged" do
    s = "abc"
    String(s).should equal(s)
  end

  it "converts with to_str first, then to_s" do
    String(12).should == "12"
    String(1.5).should == "1.5"
    String(nil).should == ""
    String(:sym).should == "sym"
    String([1, 2]).should == "[1, 2]"
    o = Object.new
    def o.to_str; "via to_str"; end
    String(o).should == "via to_str"
  end

  it "raises TypeError when neither to_str nor to_s returns a String" do
    o = Object.new
    def o.to_s; 1; end
    -> { String(o) }.should raise_error(TypeError, "can't convert Object to String (Object#to_s gives Integer)")
  end
end

describe "Kernel#Array" do
  it "returns an Array unchanged" do
    a = [1]
    Array(a).should equal(a)
  end

  it "returns [] for nil" do
    Array(nil).should == []
  end

  it "wraps other objects" do
    Array(1).should == [1]
    Array("a\nb").should == ["a\nb"]
    Array(:s).should == [:s]
  end

  it "converts hashes and ranges with to_a" do
    Array({a: 1}).should == [[:a, 1]]
    Array(1..3).should == [1, 2, 3]
  end

  it "uses to_ary, then to_a" do
    o = Object.new
    def o.to_ary; [:ary]; end
    Array(o).should == [:ary]
    q = Object.new
    def q.to_a; [:a]; end
    Array(q).should == [:a]
  end
end

describe "Kernel#sleep" do
  it "returns the rounded number of seconds slept" do
    sleep(0.01).should == 0
    sleep(0).should == 0
  end

  it "accepts an Integer" do
    sleep(0).should be_kind_of(Integer)
  end

  it "raises TypeError for a String" do
    -> { sleep("1") }.should raise_error(TypeError)
  end

  it "raises ArgumentError for a negative duration" do
    -> { sleep(-1) }.should raise_error(ArgumentError, "time interval must not be negative")
  end
end

describe "Kernel#__dir__" do
  it "returns the absolute directory of the current file" do
    __dir__.should == File.dirname(File.expand_path(__FILE__))
    __dir__.should.end_with?("spec/core/kernel")
  end
end

describe "Kernel-level globals and constants" do
  it "$0 is a String naming the program" do
    $0.should be_kind_of(String)
    $PROGRAM_NAME.should == $0
  end

  it "ARGV is an Array of Strings" do
    ARGV.should be_kind_of(Array)
    ARGV.all? { |a| a.is_a?(String) }.should == true
  end

  it "STDOUT, STDERR and STDIN are IO objects on fds 1, 2 and 0" do
    STDOUT.should be_kind_of(IO)
    STDERR.should be_kind_of(IO)
    STDIN.should be_kind_of(IO)
    STDOUT.fileno.should == 1
    STDERR.fileno.should == 2
    STDIN.fileno.should == 0
  end

  it "$stdout, $stderr and $stdin default to the standard streams" do
    $stdin.should equal(STDIN)
    $stdout.should be_kind_of(IO)
    $stderr.should be_kind_of(IO)
  end

  it "STDOUT and STDERR inspect with their names" do
    STDOUT.inspect.should == "#<IO:<STDOUT>>"
    STDERR.inspect.should == "#<IO:<STDERR>>"
    STDIN.inspect.should == "#<IO:<STDIN>>"
  end
end
