require_relative '../../spec_helper'

describe "Kernel#srand and Kernel#rand" do
  after :each do
    srand
  end

  it "reproduces CRuby's Mersenne Twister sequence after srand" do
    srand(42)
    [rand(100), rand(100), rand(100)].should == [51, 92, 14]
    srand(42)
    rand.should == 0.3745401188473625
  end

  it "srand returns the previous seed" do
    srand(1234)
    srand(5).should == 1234
  end

  it "rand with a Range returns a member of the range" do
    srand(7)
    100.times do
      r = rand(1..6)
      (1..6).should.include?(r)
    end
    srand(42)
    rand(1..6).should == 4
  end

  it "rand with a Float truncates it to an Integer limit" do
    srand(42)
    rand(1.5).should == 0
  end

  it "rand(0) and rand(nil) return a Float in [0, 1)" do
    r = rand(0)
    r.should be_kind_of(Float)
    (0.0...1.0).should.include?(r)
  end

  it "rand with a negative Integer uses its absolute value" do
    srand(42)
    rand(-100).should == 51
  end
end
