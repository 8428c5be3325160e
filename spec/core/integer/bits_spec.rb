require_relative '../../spec_helper'

describe "Integer bit operations" do
  it "&, | and ^ work on fixnums and negatives" do
    (6 & 3).should == 2
    (6 | 3).should == 7
    (6 ^ 3).should == 5
    (-6 & 0xff).should == 250
    (-1 ^ 5).should == -6
  end

  it "&, | and ^ work on Bignums" do
    ((2**70 + 5) & 7).should == 5
    ((2**70) | 1).should == 1180591620717411303425
    ((2**70) ^ (2**70)).should == 0
    (-(2**70) & 0xffff).should == 0
  end

  it "~ inverts all bits" do
    (~6).should == -7
    (~-1).should == 0
    (~(2**64)).should == -18446744073709551617
  end

  it "<< and >> shift left and right" do
    (1 << 10).should == 1024
    (1 << 64).should == 18446744073709551616
    (1024 >> 3).should == 128
    (-16 >> 2).should == -4
    (-1 >> 100).should == -1
    (1 >> 100).should == 0
    (1 << -1).should == 0
    (4 >> -1).should == 8
    ((2**100) >> 99).should == 2
  end

  it "[] returns the bit at a position" do
    5[0].should == 1
    5[1].should == 0
    -1[1000].should == 1
    (2**70)[70].should == 1
  end

  it "[] with a length or a range extracts a bit field" do
    x = 0b101101
    x[1, 3].should == 6
    x[1..3].should == 6
    x[1...3].should == 2
    x[2..].should == 11
    x[3..1].should == 5
    x[1, 0].should == 0
    x[-2, 3].should == 4
    (-x)[1, 4].should == 9
    (2**70 + 5)[68, 4].should == 4
    0[..2].should == 0
    -> { x[..2] }.should raise_error(ArgumentError, "The beginless range for Integer#[] results in infinity")
  end

  it "[] with a Bignum index returns the sign bit" do
    5[2**70].should == 0
    (-5)[2**70].should == 1
    5[-(2**70)].should == 0
  end

  it "shifting by a Bignum" do
    (0 << 2**70).should == 0
    -> { 1 << 2**70 }.should raise_error(RangeError, "shift width too big")
    -> { 1 >> -(2**70) }.should raise_error(RangeError, "shift width too big")
    ((2**70) >> 200).should == 0
    (-(2**70) >> 200).should == -1
  end

  it "bit_length counts significant bits" do
    0.bit_length.should == 0
    255.bit_length.should == 8
    256.bit_length.should == 9
    -1.bit_length.should == 0
    -256.bit_length.should == 8
    (2**64).bit_length.should == 65
  end

  it "allbits?, anybits? and nobits? test masks" do
    6.allbits?(6).should == true
    6.allbits?(7).should == false
    6.anybits?(1).should == false
    6.anybits?(2).should == true
    6.nobits?(1).should == true
  end

  it "raises TypeError for a non-Integer operand" do
    -> { 1 & 1.5 }.should raise_error(TypeError)
    -> { 1 | nil }.should raise_error(TypeError)
  end
end
