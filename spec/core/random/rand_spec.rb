require_relative '../../spec_helper'

describe "Random" do
  it "Random.new(seed) produces CRuby's sequence" do
    r = Random.new(42)
    r.rand(100).should == 51
    r.rand.should == 0.9507143064099162
    Random.new(2**70).rand(1000).should == Random.new(2**70).rand(1000)
    Random.new(123).rand(10**20).should == 97512059521599554882
    Random.new(5).rand(2**64).should == 4095051218741643470
    Random.new(5).rand(2**64 + 5).should == 6709761423161562512
  end

  it "seed returns the seed" do
    Random.new(42).seed.should == 42
  end

  it "rand with a Range" do
    r = Random.new(3)
    r.rand(10..20).should == 20
    r.rand(1.0..2.0).should be_kind_of(Float)
  end

  it "rand with a Float limit or Float range returns a Float" do
    Random.new(42).rand(1.5).should == 0.5618101782710437
    Random.new(42).rand(2.5..3.5).should == 2.8745401144950984
  end

  it "rand with a range as wide as the fixnums draws CRuby's values" do
    r = Random.new(42)
    r.rand(-2**62..2**62-1).should == 2297359619001564595
    r.rand(-2**62..2**62-1).should == 3702525538111689998
    Random.new(7).rand(-2**62...2**62).should == -3204046499487750972
  end

  it "rand with a Bignum range" do
    Random.new(42).rand(2**64..2**65).should == 33140368651050943324
  end

  it "seeds must be Integers (Floats are truncated)" do
    Random.new(1.5).seed.should == 1
    -> { Random.new("1") }.should raise_error(TypeError, "no implicit conversion of String into Integer")
  end

  it "rand(nil) and empty Float ranges are invalid" do
    -> { Random.new(1).rand(nil) }.should raise_error(ArgumentError, "invalid argument - ")
    -> { Random.new(1).rand(1.0...1.0) }.should raise_error(ArgumentError, "invalid argument - 1.0...1.0")
  end

  it "bytes returns a String of the given length" do
    Random.new(42).bytes(5).bytesize.should == 5
  end

  it "Random.rand returns a Float" do
    Random.rand.should be_kind_of(Float)
  end

  it "raises ArgumentError for invalid arguments" do
    -> { Random.new(1).rand(-1) }.should raise_error(ArgumentError, "invalid argument - -1")
    -> { Random.new(1).rand(0) }.should raise_error(ArgumentError, "invalid argument - 0")
    -> { Random.new(1).rand(1..0) }.should raise_error(ArgumentError, "invalid argument - 1..0")
  end

  it "shuffle and sample with random: are reproducible" do
    [1, 2, 3, 4, 5].shuffle(random: Random.new(42)).should == [2, 5, 3, 1, 4]
    [1, 2, 3, 4, 5].sample(random: Random.new(42)).should == 4
  end
end
