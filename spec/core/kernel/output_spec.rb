require_relative '../../spec_helper'

describe "Kernel#puts" do
  it "writes a newline when given no arguments" do
    -> { puts }.should output("\n")
  end

  it "writes each argument on its own line" do
    -> { puts "a", "b", 1, 2.5, :sym }.should output("a\nb\n1\n2.5\nsym\n")
  end

  it "does not add a newline after a string ending in one" do
    -> { puts "a\n", "b" }.should output("a\nb\n")
  end

  it "writes an empty line for nil" do
    -> { puts nil }.should output("\n")
  end

  it "writes an empty line for an empty string" do
    -> { puts "" }.should output("\n")
  end

  it "flattens arrays, one element per line" do
    -> { puts [1, [2, [3]], "x"] }.should output("1\n2\n3\nx\n")
  end

  it "writes nil inside an array as an empty line" do
    -> { puts [1, nil, 2] }.should output("1\n\n2\n")
  end

  it "calls to_s on other objects" do
    o = Object.new
    def o.to_s; "custom"; end
    -> { puts o }.should output("custom\n")
  end

  it "returns nil" do
    -> { ScratchPad.record(puts("x")) }.should output("x\n")
    ScratchPad.recorded.should == nil
  end
end

describe "Kernel#print" do
  it "writes its arguments without separators or newline" do
    -> { print "a", 1, :b, nil, 2.0 }.should output("a1b2.0")
  end

  it "writes nothing without arguments and an empty line" do
    -> { print "" }.should output("")
  end

  it "writes arrays with inspect-like to_s" do
    -> { print [1, "a"] }.should output('[1, "a"]')
  end

  it "returns nil" do
    -> { ScratchPad.record(print("x")) }.should output("x")
    ScratchPad.recorded.should == nil
  end
end

describe "Kernel#p" do
  it "writes the inspect form of each argument on its own line" do
    -> { p "a", 1, :s, nil, [1, "b"], 1.5 }.should output("\"a\"\n1\n:s\nnil\n[1, \"b\"]\n1.5\n")
  end

  it "returns its single argument" do
    -> { ScratchPad.record(p("x")) }.should output("\"x\"\n")
    ScratchPad.recorded.should == "x"
  end

  it "returns an array of its arguments when given several" do
    -> { ScratchPad.record(p(1, 2)) }.should output("1\n2\n")
    ScratchPad.recorded.should == [1, 2]
  end

  it "returns nil and writes nothing without arguments" do
    -> { ScratchPad.record(p) }.should output("")
    ScratchPad.recorded.should == nil
  end

  it "inspects strings with escapes" do
    -> { p "a\tb\n\"c\"" }.should output("\"a\\tb\\n\\\"c\\\"\"\n")
  end

  it "inspects hashes in Ruby 3.4 style" do
    -> { p({a: 1, "k" => 2}) }.should output("{a: 1, \"k\" => 2}\n")
  end
end

describe "Kernel#pp" do
  it "writes the inspect form and returns its argument" do
    -> { ScratchPad.record(pp([1, {b: 2}])) }.should output("[1, {b: 2}]\n")
    ScratchPad.recorded.should == [1, {b: 2}]
  end

  it "returns an array of its arguments when given several" do
    -> { ScratchPad.record(pp(1, "a")) }.should output("1\n\"a\"\n")
    ScratchPad.recorded.should == [1, "a"]
  end
end

describe "Kernel#printf" do
  it "writes the formatted string" do
    -> { printf("%d-%s-%.2f\n", 5, "x", 1.5) }.should output("5-x-1.50\n")
  end

  it "returns nil" do
    -> { ScratchPad.record(printf("%s", "a")) }.should output("a")
    ScratchPad.recorded.should == nil
  end

  it "writes nothing without arguments" do
    -> { printf }.should output("")
  end

  it "writes to an IO-like first argument" do
    io = MSpecIO.new
    printf(io, "%05.1f|%-3s|", 3.14159, "ab")
    io.string.should == "003.1|ab |"
  end
end

describe "Kernel#putc" do
  it "writes the first character of a string and returns the argument" do
    -> { ScratchPad.record(putc("xyz")) }.should output("x")
    ScratchPad.recorded.should == "xyz"
  end

  it "writes the character with an Integer code" do
    -> { putc 65 }.should output("A")
  end
end

describe "Kernel#warn" do
  it "writes its messages to $stderr, one per line" do
    -> { warn "a", "b" }.should output(nil, "a\nb\n")
  end

  it "writes nothing without arguments" do
    -> { warn }.should output(nil, "")
  end
end

describe "$stdout assignment" do
  it "raises TypeError for an object without #write" do
    -> { $stdout = 1 }.should raise_error(TypeError, "$stdout must have write method, Integer given")
  end

  it "redirects puts, print and p to any object with #write" do
    io = MSpecIO.new
    saved = $stdout
    begin
      $stdout = io
      puts "one"
      print "two"
      p :three
    ensure
      $stdout = saved
    end
    io.string.should == "one\ntwo:three\n"
  end

  it "keeps STDOUT pointing at the original stream" do
    io = MSpecIO.new
    saved = $stdout
    begin
      $stdout = io
      ScratchPad.record(STDOUT.equal?(io))
    ensure
      $stdout = saved
    end
    ScratchPad.recorded.should == false
  end

  it "accepts an object whose write takes several arguments" do
    klass = Class.new do
      attr_reader :parts
      def initialize; @parts = []; end
      def write(*args); @parts.concat(args.map(&:to_s)); args.sum { |a| a.to_s.bytesize }; end
    end
    out = klass.new
    saved = $stdout
    begin
      $stdout = out
      puts "x"
    ensure
      $stdout = saved
    end
    out.parts.join.should == "x\n"
  end
end
