require_relative '../../spec_helper'

describe "Process.clock_gettime" do
  it "returns a Float of seconds for CLOCK_MONOTONIC" do
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    t.should be_kind_of(Float)
    (t > 0).should == true
  end

  it "is non-decreasing for CLOCK_MONOTONIC" do
    a = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    b = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    (b >= a).should == true
  end

  it "measures a sleep" do
    a = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    sleep 0.02
    (Process.clock_gettime(Process::CLOCK_MONOTONIC) - a).should >= 0.015
  end

  it "returns Integers for integer units" do
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond).should be_kind_of(Integer)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :microsecond).should be_kind_of(Integer)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :millisecond).should be_kind_of(Integer)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :second).should be_kind_of(Integer)
  end

  it "returns Floats for float units" do
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :float_second).should be_kind_of(Float)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :float_millisecond).should be_kind_of(Float)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, :float_microsecond).should be_kind_of(Float)
  end

  it "scales the units consistently" do
    s = Process.clock_gettime(Process::CLOCK_MONOTONIC, :second)
    ms = Process.clock_gettime(Process::CLOCK_MONOTONIC, :millisecond)
    (ms / 1000 - s).abs.should <= 1
  end

  it "CLOCK_REALTIME is close to Time.now" do
    (Process.clock_gettime(Process::CLOCK_REALTIME) - Time.now.to_f).abs.should < 5
  end

  it "CLOCK_PROCESS_CPUTIME_ID is a small non-negative Float" do
    Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID).should >= 0
  end

  it "raises ArgumentError for an unknown unit" do
    -> { Process.clock_gettime(Process::CLOCK_MONOTONIC, :bogus) }.should raise_error(ArgumentError, "unexpected unit: bogus")
  end
end

describe "Process.pid" do
  it "returns a positive Integer equal to $$" do
    Process.pid.should be_kind_of(Integer)
    (Process.pid > 0).should == true
    Process.pid.should == $$
  end
end

describe "Process constants" do
  guard -> { RUBY_PLATFORM.include?("linux") } do
    it "defines the clock ids as Integers" do
      Process::CLOCK_MONOTONIC.should == 1
      Process::CLOCK_REALTIME.should == 0
      Process::CLOCK_PROCESS_CPUTIME_ID.should == 2
    end
  end
end
