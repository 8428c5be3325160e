require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Struct.new" do
  it "creates a class with readers and writers, positional new and []" do
    pt = StructSpecs::Point.new(1, 2)
    pt.x.should == 1
    pt.y = 5
    pt.y.should == 5
    StructSpecs::Point[3, 4].x.should == 3
    StructSpecs::Point.new(1).y.should be_nil
  end

  it "raises ArgumentError for too many arguments" do
    -> { StructSpecs::Point.new(1, 2, 3) }.should raise_error(ArgumentError, "struct size differs")
  end

  it "accepts keyword arguments when keyword_init is not set" do
    pt = StructSpecs::Point.new(x: 1, y: 2)
    pt.x.should == 1
    pt.y.should == 2
  end

  it "with keyword_init: true takes only keywords" do
    k = StructSpecs::KwPoint.new(x: 1, y: 2)
    k.to_a.should == [1, 2]
    -> { StructSpecs::KwPoint.new(1, 2) }.should raise_error(ArgumentError, "wrong number of arguments (given 2, expected 0)")
    -> { StructSpecs::KwPoint.new(z: 1) }.should raise_error(ArgumentError, "unknown keywords: z")
    StructSpecs::KwPoint.keyword_init?.should == true
    StructSpecs::KwPoint.inspect.should == "StructSpecs::KwPoint(keyword_init: true)"
  end

  it "evaluates a block in the new class" do
    StructSpecs::Car.new("VW", "Golf", 1990).name.should == "VW Golf"
  end

  it "can be subclassed" do
    StructSpecs::Point3.new(1, -2, 3).norm1.should == 6
    StructSpecs::Point3.members.should == [:x, :y, :z]
    StructSpecs::Point3.superclass.superclass.should == Struct
  end

  it "raises for duplicate or invalid members" do
    -> { Struct.new(:a, :a) }.should raise_error(ArgumentError, "duplicate member: a")
    -> { Struct.new(1) }.should raise_error(TypeError)
  end
end

describe "Struct#members, #to_a, #to_h, #each, #size, #values_at, #dig" do
  it "returns members and values" do
    pt = StructSpecs::Point.new(1, 2)
    pt.members.should == [:x, :y]
    StructSpecs::Point.members.should == [:x, :y]
    pt.to_a.should == [1, 2]
    pt.deconstruct.should == [1, 2]
    pt.values.should == [1, 2]
    pt.to_h.should == {x: 1, y: 2}
    pt.to_h { |k, v| [k.to_s, v * 10] }.should == {"x" => 10, "y" => 20}
    pt.size.should == 2
    pt.values_at(1, 0).should == [2, 1]
  end

  it "each and each_pair iterate, and Enumerable methods work" do
    pt = StructSpecs::Point.new(1, 2)
    out = []
    pt.each { |v| out << v }
    pt.each_pair { |k, v| out << k }
    out.should == [1, 2, :x, :y]
    pt.map { |v| v * 2 }.should == [2, 4]
    pt.sum.should == 3
    pt.select(&:even?).should == [2]
  end

  it "[] and []= take a name or an index" do
    pt = StructSpecs::Point.new(1, 2)
    pt[:x].should == 1
    pt["y"].should == 2
    pt[-1].should == 2
    pt[0] = 7
    pt.x.should == 7
    -> { pt[:z] }.should raise_error(NameError, "no member 'z' in struct")
    -> { pt[2] }.should raise_error(IndexError, "offset 2 too large for struct(size:2)")
    -> { pt[-3] }.should raise_error(IndexError, "offset -3 too small for struct(size:2)")
  end

  it "dig" do
    s = StructSpecs::Point.new({a: [1, 2]}, nil)
    s.dig(:x, :a, 1).should == 2
    s.dig(:y, :b).should be_nil
  end
end

describe "Struct#==, #eql?, #hash" do
  it "compare class and values" do
    (StructSpecs::Point.new(1, 2) == StructSpecs::Point.new(1, 2)).should == true
    (StructSpecs::Point.new(1, 2) == StructSpecs::Point.new(1.0, 2)).should == true
    StructSpecs::Point.new(1, 2).eql?(StructSpecs::Point.new(1.0, 2)).should == false
    (StructSpecs::Point.new(1, 2) == StructSpecs::KwPoint.new(x: 1, y: 2)).should == false
    StructSpecs::Point.new(1, 2).hash.should == StructSpecs::Point.new(1, 2).hash
    h = {StructSpecs::Point.new(1, 2) => :found}
    h[StructSpecs::Point.new(1, 2)].should == :found
  end
end

describe "Struct#inspect" do
  it "shows the class name and members" do
    StructSpecs::Point.new(1, 2).inspect.should == "#<struct StructSpecs::Point x=1, y=2>"
    StructSpecs::Point.new("a", nil).to_s.should == '#<struct StructSpecs::Point x="a", y=nil>'
    Struct.new(:a).new(1).inspect.should == "#<struct a=1>"
  end

  it "handles recursion" do
    s = StructSpecs::Point.new(1, nil)
    s.y = s
    s.inspect.should == "#<struct StructSpecs::Point x=1, y=#<struct StructSpecs::Point:...>>"
  end
end

describe "Struct and pattern matching, freeze, dup" do
  it "deconstructs by position and by key" do
    r = case StructSpecs::Point.new(1, 2)
        in [a, b] then a + b
        end
    r.should == 3
    r = case StructSpecs::Point.new(1, 2)
        in {x:, y: 2} then x
        end
    r.should == 1
  end

  it "a frozen struct rejects writes; dup is independent" do
    pt = StructSpecs::Point.new(1, 2)
    d = pt.dup
    d.x = 9
    pt.x.should == 1
    pt.freeze
    -> { pt.x = 3 }.should raise_error(FrozenError)
  end
end
