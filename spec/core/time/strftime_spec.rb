require_relative '../../spec_helper'

describe "Time#strftime" do
  before :each do
    @t = Time.at(Time.utc(2009, 3, 7, 8, 5, 9).to_i, 123456, :usec).utc
  end

  it "formats date directives" do
    @t.strftime("%Y-%m-%d").should == "2009-03-07"
    @t.strftime("%y %C").should == "09 20"
    @t.strftime("%e|%-d|%-m").should == " 7|7|3"
    @t.strftime("%j").should == "066"
  end

  it "formats time directives" do
    @t.strftime("%H:%M:%S").should == "08:05:09"
    @t.strftime("%I %l %p %P").should == "08  8 AM am"
    @t.strftime("%-H|%k").should == "8| 8"
  end

  it "formats names" do
    @t.strftime("%A %a %B %b %h").should == "Saturday Sat March Mar Mar"
    @t.strftime("%^a %^B").should == "SAT MARCH"
  end

  it "formats fractions" do
    @t.strftime("%L").should == "123"
    @t.strftime("%N").should == "123456000"
    @t.strftime("%3N %6N").should == "123 123456"
  end

  it "formats zones and epoch" do
    @t.strftime("%z %Z").should == "+0000 UTC"
    @t.strftime("%:z").should == "+00:00"
    @t.strftime("%s").should == "1236413109"
  end

  it "formats compound directives" do
    @t.strftime("%F %T").should == "2009-03-07 08:05:09"
    @t.strftime("%D %R").should == "03/07/09 08:05"
    @t.strftime("%c").should == "Sat Mar  7 08:05:09 2009"
    @t.strftime("%x %X").should == "03/07/09 08:05:09"
  end

  it "formats weekday numbers" do
    @t.strftime("%u %w").should == "6 6"
  end

  it "supports width and padding flags" do
    @t.strftime("%10Y|%_m|%05d").should == "0000002009| 3|00007"
  end

  it "writes %% and unknown text literally" do
    @t.strftime("100%% at %H").should == "100% at 08"
  end

  it "formats an offset time" do
    Time.new(2000, 1, 1, 0, 0, 0, "-03:30").strftime("%z %:z").should == "-0330 -03:30"
  end
end
