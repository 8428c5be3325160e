require_relative '../../spec_helper'

describe "Time.now" do
  it "returns a Time close to the current time" do
    t = Time.now
    t.should be_kind_of(Time)
    (Time.now - t).should be_close(0, TIME_TOLERANCE)
  end

  it "is monotonically non-decreasing between two calls" do
    a = Time.now
    b = Time.now
    (b >= a).should == true
  end
end

describe "Time.at" do
  it "creates a Time from seconds since the Epoch" do
    Time.at(0).to_i.should == 0
    Time.at(1_700_000_000).utc.year.should == 2023
  end

  it "accepts a Float and keeps the fraction" do
    t = Time.at(1.5)
    t.to_i.should == 1
    t.to_f.should == 1.5
    t.usec.should == 500000
  end

  it "accepts sub-second units" do
    Time.at(1, 500, :millisecond).usec.should == 500000
    Time.at(1, 250000).usec.should == 250000
    Time.at(1, 7, :usec).usec.should == 7
    Time.at(1, 9, :nsec).nsec.should == 9
  end

  it "raises TypeError for a String" do
    -> { Time.at("0") }.should raise_error(TypeError, "can't convert String into an exact number")
  end
end

describe "Time.new" do
  it "builds a local time from components" do
    t = Time.new(2024, 2, 29, 13, 45, 30)
    [t.year, t.month, t.day, t.hour, t.min, t.sec].should == [2024, 2, 29, 13, 45, 30]
    t.utc?.should == false
  end

  it "defaults missing components" do
    t = Time.new(2020)
    [t.month, t.day, t.hour, t.min, t.sec].should == [1, 1, 0, 0, 0]
  end

  it "accepts a UTC offset string" do
    t = Time.new(2000, 1, 1, 12, 0, 0, "+09:00")
    t.utc_offset.should == 32400
    t.utc.hour.should == 3
  end

  it "raises ArgumentError for an out-of-range month" do
    -> { Time.new(2000, 13, 1) }.should raise_error(ArgumentError, "mon out of range")
  end

  it "raises ArgumentError for an out-of-range hour" do
    -> { Time.new(2000, 1, 1, 25) }.should raise_error(ArgumentError)
  end
end

describe "Time.utc and Time.gm" do
  it "builds a UTC time" do
    t = Time.utc(2001, 2, 3, 4, 5, 6)
    t.utc?.should == true
    t.to_i.should == 981173106
    Time.gm(2001, 2, 3, 4, 5, 6).should == t
  end

  it "accepts month names" do
    Time.utc(2001, "feb", 3).month.should == 2
  end
end

describe "Time component readers" do
  before :each do
    @t = Time.utc(2023, 11, 14, 22, 13, 20)
  end

  it "year, month/mon, day/mday, hour, min, sec" do
    [@t.year, @t.month, @t.mon, @t.day, @t.mday, @t.hour, @t.min, @t.sec].should == [2023, 11, 11, 14, 14, 22, 13, 20]
  end

  it "wday, yday" do
    @t.wday.should == 2
    @t.yday.should == 318
  end

  it "day-of-week predicates" do
    @t.tuesday?.should == true
    @t.monday?.should == false
    @t.sunday?.should == false
  end

  it "zone is UTC for a UTC time" do
    @t.zone.should == "UTC"
    @t.utc_offset.should == 0
  end

  it "to_a lists sec..zone" do
    @t.to_a.should == [20, 13, 22, 14, 11, 2023, 2, 318, false, "UTC"]
  end
end

describe "Time#to_i, #to_f, #to_r-free conversions" do
  it "to_i truncates toward the earlier second" do
    Time.at(10.9).to_i.should == 10
  end

  it "to_f includes the fraction" do
    Time.at(10, 250000).to_f.should == 10.25
  end

  it "usec and nsec" do
    t = Time.at(0, 123456789, :nsec)
    t.usec.should == 123456
    t.nsec.should == 123456789
  end
end

describe "Time#utc and #localtime" do
  it "utc converts the receiver in place and returns it" do
    t = Time.at(0)
    t.utc.should equal(t)
    t.utc?.should == true
    t.hour.should == 0
  end

  it "getutc returns a new Time" do
    t = Time.at(0)
    u = t.getutc
    u.should_not equal(t)
    u.utc?.should == true
    u.should == t
  end

  it "localtime with an offset" do
    t = Time.utc(2000, 1, 1, 0, 0, 0).localtime("+05:30")
    [t.hour, t.min].should == [5, 30]
    t.utc_offset.should == 19800
  end

  it "getlocal keeps the instant" do
    t = Time.utc(2000, 1, 1)
    t.getlocal.to_i.should == t.to_i
  end
end
