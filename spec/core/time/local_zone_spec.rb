require_relative '../../spec_helper'

# The process TZ as CRuby reads it: ENV["TZ"]= takes effect at once, a local
# time made from calendar fields keeps the offset of the TZ it was made in,
# and the isdst of the ten-argument form picks the reading of a wall clock
# that occurs twice.
describe "Time in the local zone" do
  it "follows ENV['TZ'] changes at once" do
    with_timezone("PST", -8) { Time.now.utc_offset.should == -8 * 3600 }
    with_timezone("CET", 1) { Time.at(0).utc_offset.should == 3600 }
  end

  it "keeps the offset of the TZ it was made in" do
    t = with_timezone("CET", 1) { Time.new(2005) }
    t.strftime("%z").should == "+0100"
    t = with_timezone("PST", -8) { Time.local(2005, 6, 1) }
    t.utc_offset.should == -8 * 3600
  end

  it "keeps the zone name it was made in, through Marshal too" do
    t = with_timezone("AST", 4) { Time.local(2012, 1, 1) }
    with_timezone("EET", -2) do
      t.zone.should == "AST"
      u = Marshal.load(Marshal.dump(t))
      u.zone.should == "AST"
      u.utc_offset.should == 4 * 3600
    end
  end

  it "reads an ambiguous wall clock as daylight or standard time by isdst" do
    with_timezone("America/New_York") do
      Time.local(0, 30, 1, 30, 10, 2005, 0, 0, true, nil).utc_offset.should == -4 * 3600
      Time.local(0, 30, 1, 30, 10, 2005, 0, 0, false, nil).utc_offset.should == -5 * 3600
    end
  end

  it "does not raise on a frozen time already in local time" do
    t = Time.now.freeze
    t.localtime.should.equal?(t)
  end
end
