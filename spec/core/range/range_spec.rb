require_relative '../../spec_helper'

describe "Range#each and #to_a" do
  it "iterate Integer ranges, inclusive and exclusive" do
    out = []
    (1..3).each { |i| out << i }.should == (1..3)
    out.should == [1, 2, 3]
    (1...3).to_a.should == [1, 2]
    (3..1).to_a.should == []
    ('a'..'e').to_a.should == %w[a b c d e]
    ('az'..'bc').to_a.should == %w[az ba bb bc]
    ('y'..'ab').to_a.should == []
  end

  it "iterate an endless range until break" do
    out = []
    (1..).each { |i| break if i > 3; out << i }
    out.should == [1, 2, 3]
    (1..).first(2).should == [1, 2]
    (1..nil).take(3).should == [1, 2, 3]
    ("a"..).first(3).should == ["a", "b", "c"]
    ("a"..).take(2).should == ["a", "b"]
  end

  it "raise for ranges that cannot iterate" do
    -> { (1.0..2.0).each {} }.should raise_error(TypeError, "can't iterate from Float")
    -> { (1..).to_a }.should raise_error(RangeError, "cannot convert endless range to an array")
    -> { (..1).each {} }.should raise_error(TypeError, "can't iterate from NilClass")
  end

  it "reverse_each works on Integer ranges" do
    (1..3).reverse_each.to_a.should == [3, 2, 1]
  end
end

describe "Range#step and #%" do
  it "step yields every n-th element" do
    (1..10).step(3).to_a.should == [1, 4, 7, 10]
    (1...10).step(3).to_a.should == [1, 4, 7]
    (1.0..2.0).step(0.5).to_a.should == [1.0, 1.5, 2.0]
    ((1..10) % 4).to_a.should == [1, 5, 9]
  end

  it "step without a block returns an ArithmeticSequence" do
    (1..10).step(2).class.should == Enumerator::ArithmeticSequence
    (1..10).step(2).inspect.should == "((1..10).step(2))"
    (1..10).step(2).size.should == 5
  end

  it "step raises for a zero step" do
    -> { (1..2).step(0) {} }.should raise_error(ArgumentError, "step can't be 0")
  end

  it "a negative step walks an Integer or Float range downwards" do
    (5..1).step(-2).to_a.should == [5, 3, 1]
    (1..2).step(-1).to_a.should == []
    (1.0..0.0).step(-0.5).to_a.should == [1.0, 0.5, 0.0]
  end

  it "String ranges step through the successors" do
    ("a".."e").step(2).to_a.should == ["a", "c", "e"]
  end
end

describe "Range#include?, #member?, #cover?, #===" do
  it "test Integer ranges by comparison" do
    (1..5).include?(5).should == true
    (1...5).include?(5).should == false
    (1..5).member?(2.5).should == true
    (1..5).cover?(0).should == false
    ((1..5) === 3).should == true
  end

  it "work with endless and beginless ranges" do
    (1..).include?(10**20).should == true
    (..5).cover?(-100).should == true
    (...5).include?(5).should == false
    ((1..) === 0).should == false
  end

  it "cover? accepts a range" do
    (1..10).cover?(2..5).should == true
    (1..10).cover?(5..11).should == false
  end

  it "=== in case/when" do
    r = case 42
        when ..0 then :neg
        when 1..9 then :small
        when 10.. then :big
        end
    r.should == :big
  end

  it "String ranges: include? iterates, cover? compares" do
    ('a'..'z').include?("bb").should == false
    ('a'..'z').cover?("bb").should == true
    ('a'..'zz').include?("bb").should == true
    (('a'..'z') === "bb").should == true
  end
end

describe "Range#sum, #map, #size, #count, #min, #max, #minmax" do
  it "sum uses the closed formula for Integer ranges" do
    (1..100).sum.should == 5050
    (1...1).sum.should == 0
    (1..10**10).sum.should == 50000000005000000000
    (1..3).sum { |x| x * 2 }.should == 12
  end

  it "map and other Enumerable methods" do
    (1..4).map { |x| x * x }.should == [1, 4, 9, 16]
    (1..6).select(&:even?).should == [2, 4, 6]
    (1..4).each_slice(2).to_a.should == [[1, 2], [3, 4]]
    (1..4).reduce(:*).should == 24
    (1..3).each_with_index.to_a.should == [[1, 0], [2, 1], [3, 2]]
  end

  it "size counts Integer ranges, Infinity for endless, nil for non-numeric" do
    (1..10).size.should == 10
    (1...10).size.should == 9
    (5..1).size.should == 0
    (1..).size.should == Float::INFINITY
    ('a'..'z').size.should be_nil
    (1..10).count.should == 10
  end

  it "min/max/minmax" do
    (1..5).min.should == 1
    (1..5).max.should == 5
    (1...5).max.should == 4
    (5..1).min.should be_nil
    (1..5).minmax.should == [1, 5]
    (1.0..2.5).max.should == 2.5
  end

  it "first/last" do
    (1..5).first.should == 1
    (1..5).first(2).should == [1, 2]
    (1..5).last.should == 5
    (1...5).last.should == 5
    (1...5).last(2).should == [3, 4]
  end
end

describe "Range#inspect, #to_s, #==, #eql?, #hash, #begin, #end, #exclude_end?" do
  it "inspect and to_s" do
    (1..2).inspect.should == "1..2"
    (1...2).inspect.should == "1...2"
    (1..).inspect.should == "1.."
    (..5).inspect.should == "..5"
    ("a".."c").inspect.should == '"a".."c"'
    ("a".."c").to_s.should == "a..c"
    (nil..nil).inspect.should == "nil..nil"
  end

  it "== and eql? compare ends and exclusivity" do
    ((1..2) == (1..2)).should == true
    ((1..2) == (1...2)).should == false
    ((1..2) == (1..2.0)).should == true
    (1..2).eql?(1..2.0).should == false
    (1..2).hash.should == (1..2).hash
  end

  it "accessors" do
    r = (1...5)
    r.begin.should == 1
    r.end.should == 5
    r.first.should == 1
    r.exclude_end?.should == true
    (1..).end.should be_nil
    (..1).begin.should be_nil
  end

  it "ranges are frozen" do
    (1..2).frozen?.should == true
    Range.new(1, 2).frozen?.should == true
  end

  it "Range.new raises for incomparable ends" do
    -> { Range.new(1, "a") }.should raise_error(ArgumentError, "bad value for range")
  end
end

describe "Array#[] with ranges" do
  it "accepts endless and beginless ranges" do
    a = [1, 2, 3, 4]
    a[1..].should == [2, 3, 4]
    a[..-2].should == [1, 2, 3]
    a[-2..].should == [3, 4]
    a[(1..)].should == [2, 3, 4]
  end

  it "accepts an ArithmeticSequence" do
    a = [0, 1, 2, 3, 4, 5]
    a[(1..).step(2)].should == [1, 3, 5]
    a[(0..4) % 3].should == [0, 3]
    a[(5..1).step(-2)].should == [5, 3, 1]
    a[(-1..0).step(-2)].should == [5, 3, 1]
  end
end
