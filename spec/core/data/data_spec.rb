require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Data.define" do
  it "creates a subclass of Data with readers only" do
    DataSpecs::Measure.superclass.should == Data
    DataSpecs::Measure.members.should == [:amount, :unit]
    m = DataSpecs::Measure.new(amount: 1, unit: "km")
    m.amount.should == 1
    m.unit.should == "km"
    m.respond_to?(:amount=).should == false
  end

  it "accepts String member names" do
    Data.define("a", :b).members.should == [:a, :b]
  end

  it "raises for duplicate or setter-like members" do
    -> { Data.define(:x, :x) }.should raise_error(ArgumentError, "duplicate member: x")
    -> { Data.define(:"x=") }.should raise_error(ArgumentError, "invalid data member: x=")
  end

  it "Data itself has no new" do
    -> { Data.new }.should raise_error(NoMethodError, "undefined method 'new' for class Data")
  end

  it "evaluates the block in the new class" do
    (DataSpecs::Point.new(1, 2) + DataSpecs::Point.new(3, 4)).should == DataSpecs::Point.new(4, 6)
    DataSpecs::Point.new(1, 2).to_s.should == "(1, 2)"
  end
end

describe "Data.new" do
  it "takes positional or keyword arguments, and [] is an alias" do
    DataSpecs::Measure.new(1, "km").should == DataSpecs::Measure.new(amount: 1, unit: "km")
    DataSpecs::Measure[2, "m"].amount.should == 2
    DataSpecs::Measure.new("amount" => 3, "unit" => "g").amount.should == 3
  end

  it "raises ArgumentError for missing keywords" do
    -> { DataSpecs::Measure.new(1) }.should raise_error(ArgumentError, "missing keyword: :unit")
    -> { DataSpecs::Measure.new }.should raise_error(ArgumentError, "missing keywords: :amount, :unit")
  end

  it "raises ArgumentError for unknown keywords or too many arguments" do
    -> { DataSpecs::Measure.new(amount: 1, unit: 2, x: 3) }.should raise_error(ArgumentError, "unknown keyword: :x")
    -> { DataSpecs::Measure.new(amount: 1, unit: 2, x: 3, y: 4) }.should raise_error(ArgumentError, "unknown keywords: :x, :y")
    -> { DataSpecs::Measure.new(1, 2, 3) }.should raise_error(ArgumentError, "wrong number of arguments (given 3, expected 0..2)")
  end

  it "passes keywords to a user-defined initialize that can supply defaults" do
    DataSpecs::Money.new(amount: "5").should == DataSpecs::Money.new(amount: 5, currency: "USD")
    DataSpecs::Money.new(7, "EUR").currency.should == "EUR"
    DataSpecs::Money.new(amount: 1).with(amount: 2).amount.should == 2
  end

  it "works with no members" do
    DataSpecs::Empty.new.should == DataSpecs::Empty.new
    DataSpecs::Empty.new.inspect.should == "#<data DataSpecs::Empty>"
  end
end

describe "Data instances" do
  it "are frozen" do
    m = DataSpecs::Measure.new(1, "km")
    m.frozen?.should == true
    -> { m.instance_variable_set(:@amount, 2) }.should raise_error(FrozenError)
  end

  it "to_h, members, deconstruct, deconstruct_keys" do
    m = DataSpecs::Measure.new(1, "km")
    m.to_h.should == {amount: 1, unit: "km"}
    m.to_h { |k, v| [k.to_s, v] }.should == {"amount" => 1, "unit" => "km"}
    m.members.should == [:amount, :unit]
    m.deconstruct.should == [1, "km"]
    m.deconstruct_keys([:unit]).should == {unit: "km"}
    m.deconstruct_keys(nil).should == {amount: 1, unit: "km"}
  end

  it "with returns a copy with some members changed" do
    m = DataSpecs::Measure.new(1, "km")
    m.with(unit: "mi").should == DataSpecs::Measure.new(1, "mi")
    m.with.should equal(m)
    m.unit.should == "km"
    -> { m.with(1) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 0)")
  end

  it "== compares with ==, eql? with eql?, and hash agrees" do
    a = DataSpecs::Measure.new(1, "km")
    (a == DataSpecs::Measure.new(1.0, "km")).should == true
    a.eql?(DataSpecs::Measure.new(1.0, "km")).should == false
    a.eql?(DataSpecs::Measure.new(1, "km")).should == true
    a.hash.should == DataSpecs::Measure.new(1, "km").hash
    {a => :v}[DataSpecs::Measure.new(1, "km")].should == :v
    (a == DataSpecs::Point.new(1, "km")).should == false
  end

  it "inspect and to_s show the class and members" do
    DataSpecs::Measure.new(1, "km").inspect.should == '#<data DataSpecs::Measure amount=1, unit="km">'
    Data.define(:a).new(a: [1]).inspect.should == "#<data a=[1]>"
  end

  it "work with pattern matching" do
    r = case DataSpecs::Measure.new(5, "kg")
        in {amount: Integer => n, unit: "kg"} then n
        end
    r.should == 5
    r = case DataSpecs::Point.new(1, 2)
        in DataSpecs::Point[x, y] then x + y
        end
    r.should == 3
  end
end
