require_relative '../spec_helper'

describe "The if expression" do
  it "returns the value of the taken branch" do
    (if true then :a else :b end).should == :a
    (if nil then :a elsif 1 then :c else :b end).should == :c
  end

  it "returns nil when no branch is taken" do
    (if false then :a end).should be_nil
  end

  it "treats only nil and false as falsy" do
    [0, "", [], :s].map { |v| v ? :t : :f }.should == [:t, :t, :t, :t]
    [nil, false].map { |v| v ? :t : :f }.should == [:f, :f]
  end

  it "has modifier and unless forms" do
    x = 1 if true
    y = 2 unless true
    [x, y].should == [1, nil]
    (unless false then :u else :e end).should == :u
  end

  it "supports and, or, not, &&, || with their values" do
    (1 && 2).should == 2
    (nil || :d).should == :d
    (false or :o).should == :o
    (not true).should == false
    (nil && raise("no")).should be_nil
  end
end

describe "The case expression" do
  it "compares with ===" do
    r = [1, "s", :y, 2.5, nil, [1]].map do |v|
      case v
      when Integer then :int
      when String, Symbol then :text
      when 2.0..3.0 then :range
      when nil then :nil
      else :other
      end
    end
    r.should == [:int, :text, :text, :range, :nil, :other]
  end

  it "matches a Regexp and a lambda" do
    (case "hello" when /ell/ then :re end).should == :re
    (case 5 when ->(x) { x.odd? } then :odd end).should == :odd
  end

  it "without a subject tests conditions" do
    x = 7
    r = case
        when x < 5 then :small
        when x < 10 then :medium
        end
    r.should == :medium
  end

  it "splats an array of candidates" do
    list = [:a, :b]
    (case :b when *list then :in end).should == :in
  end

  it "returns nil without a matching when and no else" do
    (case 1 when 2 then :two end).should be_nil
  end

  it "uses a user-defined ===" do
    m = Object.new
    def m.===(o) o == :magic end
    (case :magic when m then :yes end).should == :yes
  end
end

describe "Loops" do
  it "while and until return nil" do
    i = 0
    (while i < 3 do i += 1 end).should be_nil
    (until i == 0 do i -= 1 end).should be_nil
  end

  it "begin/end while runs the body at least once" do
    i = 10
    begin
      i += 1
    end while i < 5
    i.should == 11
  end

  it "loop stops on StopIteration and returns its result" do
    e = [1, 2].each
    r = []
    res = loop do
      r << e.next
    end
    r.should == [1, 2]
    res.should == [1, 2]
  end

  it "for iterates over ranges and arrays and leaves the variable set" do
    s = 0
    for i in 1..4 do s += i end
    s.should == 10
    i.should == 4
    for a, b in [[1, 2], [3, 4]] do s += a * b end
    s.should == 24
  end

  it "times, upto, downto and step iterate integers" do
    r = []
    3.times { |i| r << i }
    1.upto(2) { |i| r << i }
    2.downto(1) { |i| r << i }
    1.step(7, 3) { |i| r << i }
    r.should == [0, 1, 2, 1, 2, 2, 1, 1, 4, 7]
  end
end

describe "Ranges and flip conditions" do
  it "supports endless and beginless ranges in conditions" do
    (case 100 when (10..) then :big end).should == :big
    (case -1 when (..0) then :neg end).should == :neg
  end
end
