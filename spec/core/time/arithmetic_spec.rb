require_relative '../../spec_helper'

describe "Time#+" do
  it "adds seconds" do
    (Time.utc(2000, 1, 1) + 60).should == Time.utc(2000, 1, 1, 0, 1, 0)
  end

  it "adds a Float" do
    t = Time.utc(2000, 1, 1) + 1.5
    t.sec.should == 1
    t.usec.should == 500000
  end

  it "crosses month and year boundaries" do
    (Time.utc(1999, 12, 31, 23, 59, 59) + 1).should == Time.utc(2000, 1, 1)
  end

  it "keeps the UTC flag" do
    (Time.utc(2000) + 1).utc?.should == true
  end

  it "raises TypeError when adding two Times" do
    -> { Time.now + Time.now }.should raise_error(TypeError, "time + time?")
  end
end

describe "Time#-" do
  it "subtracting a Time gives a Float number of seconds" do
    d = Time.utc(2000, 1, 1, 0, 0, 10) - Time.utc(2000, 1, 1)
    d.should == 10.0
    d.should be_kind_of(Float)
  end

  it "subtracting a number gives a Time" do
    (Time.utc(2000, 1, 1) - 86400).should == Time.utc(1999, 12, 31)
  end

  it "gives fractional differences" do
    (Time.at(1.25) - Time.at(1)).should == 0.25
  end
end

describe "Time comparisons" do
  before :each do
    @a = Time.at(100)
    @b = Time.at(200)
  end

  it "<=> orders by instant" do
    (@a <=> @b).should == -1
    (@b <=> @a).should == 1
    (@a <=> Time.at(100)).should == 0
    (@a <=> 1).should == nil
  end

  it "Comparable operators" do
    (@a < @b).should == true
    (@a > @b).should == false
    (@a <= Time.at(100)).should == true
    @a.between?(Time.at(0), @b).should == true
  end

  it "== compares instants across zones" do
    Time.at(0).should == Time.at(0).utc
    Time.at(0).eql?(Time.at(0)).should == true
    Time.at(0).eql?(Time.at(0.5)).should == false
  end

  it "sorts and finds min/max" do
    [@b, @a].sort.should == [@a, @b]
    [@b, @a].min.should == @a
  end

  it "hash is equal for equal times" do
    Time.at(5).hash.should == Time.at(5).hash
  end
end

describe "Time#round, #floor, #ceil" do
  it "round to whole seconds" do
    Time.at(1.6).round.to_i.should == 2
    Time.at(1.4).round.to_i.should == 1
  end
end

describe "Time#inspect and #to_s" do
  it "to_s for a UTC time" do
    Time.utc(2000, 1, 2, 3, 4, 5).to_s.should == "2000-01-02 03:04:05 UTC"
  end

  it "inspect shows the fraction" do
    Time.at(0, 500, :millisecond).utc.inspect.should == "1970-01-01 00:00:00.5 UTC"
    Time.utc(2000, 1, 2, 3, 4, 5).inspect.should == "2000-01-02 03:04:05 UTC"
  end

  it "to_s and inspect are US-ASCII" do
    Time.utc(2000).to_s.encoding.should == Encoding::US_ASCII
    Time.utc(2000).inspect.encoding.should == Encoding::US_ASCII
  end

  it "to_s with a fixed offset" do
    Time.new(2000, 1, 2, 3, 4, 5, "+09:00").to_s.should == "2000-01-02 03:04:05 +0900"
  end
end
