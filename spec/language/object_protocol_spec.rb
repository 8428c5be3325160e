require_relative '../spec_helper'
require_relative 'fixtures/protocol'

describe "Comparable in a user class defining <=>" do
  before :each do
    @v1 = LangProtoSpecs::Version.new(1, 2)
    @v2 = LangProtoSpecs::Version.new(1, 10)
    @v3 = LangProtoSpecs::Version.new(2, 0)
  end

  it "provides <, <=, ==, >=, >" do
    (@v1 < @v2).should == true
    (@v2 <= @v2).should == true
    (@v1 == LangProtoSpecs::Version.new(1, 2)).should == true
    (@v3 >= @v1).should == true
    (@v1 > @v3).should == false
  end

  it "provides between? and clamp" do
    @v2.between?(@v1, @v3).should == true
    @v3.clamp(@v1, @v2).should equal(@v2)
  end

  it "lets sort, min and max use <=>" do
    [@v3, @v1, @v2].sort.should == [@v1, @v2, @v3]
    [@v3, @v1, @v2].min.should equal(@v1)
    [@v3, @v1, @v2].max.should equal(@v3)
  end

  it "raises ArgumentError when <=> returns nil" do
    -> { @v1 < 5 }.should raise_error(ArgumentError, "comparison of LangProtoSpecs::Version with 5 failed")
  end

  it "returns false from == when <=> returns nil" do
    (@v1 == 5).should == false
  end
end

describe "Enumerable in a user class defining each" do
  before :each do
    @l = LangProtoSpecs::NumberList.new(3, 1, 2)
  end

  it "provides map, select, reject and to_a" do
    @l.map { |x| x * 2 }.should == [6, 2, 4]
    @l.select(&:odd?).should == [3, 1]
    @l.reject(&:odd?).should == [2]
    @l.to_a.should == [3, 1, 2]
  end

  it "provides sort, min, max, sum, count and include?" do
    @l.sort.should == [1, 2, 3]
    @l.min.should == 1
    @l.max.should == 3
    @l.sum.should == 6
    @l.count.should == 3
    @l.include?(2).should == true
  end

  it "provides inject, each_with_index and each_with_object" do
    @l.inject(:+).should == 6
    @l.inject(10) { |a, b| a + b }.should == 16
    r = []
    @l.each_with_index { |x, i| r << [x, i] }
    r.should == [[3, 0], [1, 1], [2, 2]]
    @l.each_with_object([]) { |x, acc| acc << x }.should == [3, 1, 2]
  end

  it "provides find, any?, all?, none?, first, take and group_by" do
    @l.find { |x| x < 3 }.should == 1
    @l.any? { |x| x > 2 }.should == true
    @l.all? { |x| x > 0 }.should == true
    @l.none? { |x| x > 5 }.should == true
    @l.first.should == 3
    @l.first(2).should == [3, 1]
    @l.take(1).should == [3]
    @l.group_by(&:odd?).should == {true => [3, 1], false => [2]}
  end

  it "provides sort_by, min_by, partition, each_slice, zip and to_h-like helpers" do
    @l.sort_by { |x| -x }.should == [3, 2, 1]
    @l.min_by { |x| (x - 2).abs }.should == 2
    @l.partition(&:even?).should == [[2], [3, 1]]
    @l.each_slice(2).to_a.should == [[3, 1], [2]]
    @l.zip([:a, :b, :c]).should == [[3, :a], [1, :b], [2, :c]]
    @l.tally.should == {3 => 1, 1 => 1, 2 => 1}
  end

  it "provides lazy enumerators and external iteration" do
    @l.lazy.map { |x| x * 10 }.select { |x| x > 10 }.to_a.should == [30, 20]
    e = @l.each
    e.next.should == 3
    e.next.should == 1
  end

  it "packs multiple yielded values into arrays" do
    LangProtoSpecs::Pair.new.to_a.should == [[1, 2], [3, 4]]
    LangProtoSpecs::Pair.new.map { |a, b| a + b }.should == [3, 7]
  end
end

describe "The ==, eql? and hash protocol" do
  it "lets user objects with eql? and hash act as Hash keys" do
    h = {LangProtoSpecs::Key.new(1, 2) => :found}
    h[LangProtoSpecs::Key.new(1, 2)].should == :found
    h.key?(LangProtoSpecs::Key.new(1, 3)).should == false
  end

  it "merges equal keys in a Hash" do
    h = {}
    h[LangProtoSpecs::Key.new(1, 2)] = 1
    h[LangProtoSpecs::Key.new(1, 2)] = 2
    h.size.should == 1
    h.values.should == [2]
  end

  it "lets uniq and Array#- use eql? and hash" do
    a = [LangProtoSpecs::Key.new(1, 1), LangProtoSpecs::Key.new(1, 1), LangProtoSpecs::Key.new(2, 2)]
    a.uniq.size.should == 2
    (a - [LangProtoSpecs::Key.new(1, 1)]).size.should == 1
  end

  it "uses identity for objects without eql? and hash" do
    h = {LangProtoSpecs::Plain.new => 1}
    h[LangProtoSpecs::Plain.new].should be_nil
    o = LangProtoSpecs::Plain.new
    h[o] = 2
    h[o].should == 2
  end

  it "does not use == alone for Hash lookup" do
    h = {LangProtoSpecs::EqOnly.new(1) => 1}
    h[LangProtoSpecs::EqOnly.new(1)].should be_nil
    (LangProtoSpecs::EqOnly.new(1) == LangProtoSpecs::EqOnly.new(1)).should == true
  end

  it "uses == for Array#include? and index" do
    [LangProtoSpecs::EqOnly.new(1)].include?(LangProtoSpecs::EqOnly.new(1)).should == true
    [LangProtoSpecs::EqOnly.new(2)].index(LangProtoSpecs::EqOnly.new(2)).should == 0
  end

  it "makes equal? identity and != the negation of ==" do
    k = LangProtoSpecs::Key.new(1, 2)
    k.equal?(k).should == true
    k.equal?(LangProtoSpecs::Key.new(1, 2)).should == false
    (k != LangProtoSpecs::Key.new(1, 2)).should == false
    (k != LangProtoSpecs::Key.new(0, 2)).should == true
  end

  it "defaults eql? and == to identity for plain objects" do
    o = LangProtoSpecs::Plain.new
    (o == o).should == true
    (o == LangProtoSpecs::Plain.new).should == false
    o.eql?(o).should == true
    o.hash.should == o.hash
  end

  it "distinguishes 1 and 1.0 as Hash keys" do
    (1 == 1.0).should == true
    1.eql?(1.0).should == false
    {1 => :int}[1.0].should be_nil
  end

  it "uses content equality for String and Array keys" do
    {"ab" => 1}["a" + "b"].should == 1
    {[1, 2] => :a}[[1, 2]].should == :a
  end
end

describe "Struct.new" do
  it "creates a class with accessors, equality and a block body" do
    p1 = LangProtoSpecs::Point.new(3, 4)
    p1.x.should == 3
    p1.dist2.should == 25
    p1.to_s.should == "(3, 4)"
    (p1 == LangProtoSpecs::Point.new(3, 4)).should == true
    p1.y = 0
    p1.to_a.should == [3, 0]
  end

  it "makes instances usable as Hash keys" do
    h = {LangProtoSpecs::Point.new(1, 2) => :v}
    h[LangProtoSpecs::Point.new(1, 2)].should == :v
  end

  it "supports keyword_init: true" do
    k = LangProtoSpecs::KwPoint.new(x: 1, y: 2)
    k.x.should == 1
    k.y.should == 2
    k.to_h.should == {x: 1, y: 2}
    -> { LangProtoSpecs::KwPoint.new(1, 2) }.should raise_error(ArgumentError)
  end

  it "inspects keyword_init structs with keyword_init" do
    LangProtoSpecs::KwPoint.inspect.should == "LangProtoSpecs::KwPoint(keyword_init: true)"
    LangProtoSpecs::KwPoint.new(x: 1).inspect.should == "#<struct LangProtoSpecs::KwPoint x=1, y=nil>"
  end

  it "accepts keywords for a plain struct too" do
    LangProtoSpecs::Pair3.new(a: 1, c: 3).to_a.should == [1, nil, 3]
  end

  it "fills missing members with nil and rejects too many" do
    LangProtoSpecs::Pair3.new(1).to_a.should == [1, nil, nil]
    -> { LangProtoSpecs::Pair3.new(1, 2, 3, 4) }.should raise_error(ArgumentError, "struct size differs")
  end

  it "has members, [] and each" do
    s = LangProtoSpecs::Pair3.new(1, 2, 3)
    LangProtoSpecs::Pair3.members.should == [:a, :b, :c]
    s[:b].should == 2
    s[2].should == 3
    s["a"].should == 1
    s.each.to_a.should == [1, 2, 3]
  end

  it "inspects as #<struct Name a=1>" do
    LangProtoSpecs::Pair3.new(1, "x").inspect.should == '#<struct LangProtoSpecs::Pair3 a=1, b="x", c=nil>'
  end

  it "supports destructuring" do
    a, b = *LangProtoSpecs::Point.new(5, 6)
    [a, b].should == [5, 6]
  end

  it "can be subclassed" do
    sub = Class.new(LangProtoSpecs::Point) { def sum() x + y end }
    sub.new(1, 2).sum.should == 3
  end
end
