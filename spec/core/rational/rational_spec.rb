require_relative '../../spec_helper'

describe "Kernel#Rational" do
  it "builds a normalised Rational from Integers" do
    Rational(1, 3).should be_an_instance_of(Rational)
    Rational(2, 4).numerator.should == 1
    Rational(2, 4).denominator.should == 2
    Rational(1, -3).numerator.should == -1
    Rational(1, -3).denominator.should == 3
    Rational(3).denominator.should == 1
    Rational(2**70, 2**68).should == Rational(4, 1)
  end

  it "converts Floats exactly" do
    Rational(0.5).should == Rational(1, 2)
    Rational(0.1).should == Rational(3602879701896397, 36028797018963968)
  end

  it "parses Strings" do
    Rational("1/3").should == Rational(1, 3)
    Rational(" -2/4 ").should == Rational(-1, 2)
    Rational("0.75").should == Rational(3, 4)
    Rational("1e-2").should == Rational(1, 100)
    Rational("1_000").should == Rational(1000, 1)
    Rational("1/2.5").should == Rational(2, 5)
    Rational("1.5/2").should == Rational(3, 4)
  end

  it "raises ZeroDivisionError for a zero denominator" do
    -> { Rational(1, 0) }.should raise_error(ZeroDivisionError, "divided by 0")
    -> { Rational("1/0") }.should raise_error(ZeroDivisionError, "divided by 0")
  end

  it "raises for invalid arguments" do
    -> { Rational("abc") }.should raise_error(ArgumentError, 'invalid value for convert(): "abc"')
    -> { Rational(nil) }.should raise_error(TypeError, "can't convert nil into Rational")
    Rational("abc", exception: false).should == nil
  end

  it "is not constructible with new" do
    -> { Rational.new(1, 2) }.should raise_error(NoMethodError)
  end

  it "rational literals" do
    3r.should == Rational(3, 1)
    1.5r.should == Rational(3, 2)
  end
end

describe "Rational#inspect and #to_s" do
  it "prints as CRuby does" do
    Rational(1, 3).inspect.should == "(1/3)"
    Rational(-1, 3).inspect.should == "(-1/3)"
    Rational(3).inspect.should == "(3/1)"
    Rational(1, 3).to_s.should == "1/3"
    "#{Rational(5, 10)}".should == "1/2"
  end
end

describe "Rational arithmetic" do
  it "with Rationals and Integers stays exact" do
    (Rational(1, 3) + Rational(1, 6)).should == Rational(1, 2)
    (Rational(1, 3) - 1).should == Rational(-2, 3)
    (Rational(1, 3) * 3).should == Rational(1, 1)
    (Rational(1, 3) * 3).should be_an_instance_of(Rational)
    (Rational(1, 3) / Rational(2, 3)).should == Rational(1, 2)
    (1 + Rational(1, 2)).should == Rational(3, 2)
    (1 / Rational(3)).should == Rational(1, 3)
    (2 - Rational(1, 2)).should == Rational(3, 2)
    (3 * Rational(1, 6)).should == Rational(1, 2)
  end

  it "with Floats gives Floats" do
    (Rational(1, 2) + 0.25).should == 0.75
    (0.5 + Rational(1, 2)).should == 1.0
    (Rational(1, 2) * 1.0).should be_an_instance_of(Float)
  end

  it "raises ZeroDivisionError dividing by an exact zero" do
    -> { Rational(1, 2) / 0 }.should raise_error(ZeroDivisionError, "divided by 0")
    (Rational(1, 2) / 0.0).should == Float::INFINITY
  end

  it "** with Integer exponents stays exact" do
    (Rational(1, 2) ** 2).should == Rational(1, 4)
    (Rational(1, 2) ** -2).should == Rational(4, 1)
    (Rational(-2, 3) ** 3).should == Rational(-8, 27)
    (Rational(4, 1) ** 0.5).should == 2.0
    -> { Rational(0) ** -1 }.should raise_error(ZeroDivisionError, "divided by 0")
  end

  it "Integer#** with a negative exponent returns a Rational" do
    (2 ** -2).should == Rational(1, 4)
    (2 ** -2).should be_an_instance_of(Rational)
  end

  it "Integer#quo returns a Rational" do
    3.quo(2).should == Rational(3, 2)
    3.quo(2.0).should == 1.5
  end

  it "-@ and abs" do
    (-Rational(1, 2)).should == Rational(-1, 2)
    Rational(-1, 2).abs.should == Rational(1, 2)
  end

  it "divmod, % and div use floor semantics" do
    Rational(7, 2).divmod(2).should == [1, Rational(3, 2)]
    (Rational(-7, 2) % 2).should == Rational(1, 2)
    Rational(7, 2).div(Rational(1, 3)).should == 10
  end
end

describe "Rational comparison" do
  it "compares with Rationals, Integers and Floats" do
    (Rational(1, 2) <=> Rational(1, 3)).should == 1
    (Rational(1, 2) <=> 1).should == -1
    (Rational(1, 2) <=> 0.5).should == 0
    (Rational(1, 2) <=> "a").should == nil
    (Rational(1, 2) == 0.5).should == true
    (Rational(2, 1) == 2).should == true
    (2 == Rational(2, 1)).should == true
    (Rational(1, 2) < Rational(2, 3)).should == true
    (1 < Rational(3, 2)).should == true
    [Rational(1, 2), Rational(1, 3), Rational(3, 4)].max.should == Rational(3, 4)
  end

  it "compares with Floats through to_f" do
    (Rational(1, 3) <=> 0.3333333333333333).should == 0
    (0.5 <=> Rational(1, 2)).should == 0
    (Rational(1, 3) == 0.3333333333333333).should == true
    (0.25 < Rational(1, 2)).should == true
  end

  it "eql? and hash" do
    Rational(1, 2).eql?(Rational(2, 4)).should == true
    Rational(2, 1).eql?(2).should == false
    Rational(1, 2).hash.should == Rational(2, 4).hash
    { Rational(1, 2) => :x }[Rational(2, 4)].should == :x
  end

  it "< raises ArgumentError for non-numeric arguments" do
    -> { Rational(1, 2) < "a" }.should raise_error(ArgumentError, "comparison of Rational with String failed")
  end
end

describe "Rational conversions and rounding" do
  it "to_f, to_i and to_r" do
    Rational(1, 3).to_f.should == 0.3333333333333333
    Rational(2, 3).to_f.should == 0.6666666666666666
    Rational(-7, 2).to_i.should == -3
    Rational(1, 3).to_r.should == Rational(1, 3)
  end

  it "floor, ceil, truncate and round without digits return Integers" do
    Rational(7, 2).floor.should == 3
    Rational(-7, 2).floor.should == -4
    Rational(7, 2).ceil.should == 4
    Rational(-7, 2).truncate.should == -3
    Rational(7, 2).round.should == 4
    Rational(-7, 2).round.should == -4
    Rational(5, 2).round(half: :even).should == 2
    Rational(5, 2).round(half: :down).should == 2
  end

  it "round with digits returns a Rational" do
    Rational(22, 7).round(2).should == Rational(157, 50)
    Rational(22, 7).floor(1).should == Rational(31, 10)
    Rational(1234, 1).round(-2).should == 1200
    Rational(1234, 1).round(-2).should be_an_instance_of(Integer)
  end

  it "rationalize" do
    Rational(333, 1000).rationalize(Rational(1, 100)).should == Rational(1, 3)
    Rational(1, 3).rationalize.should == Rational(1, 3)
  end

  it "predicates" do
    Rational(0).zero?.should == true
    Rational(1, 2).positive?.should == true
    Rational(-1, 2).negative?.should == true
    Rational(1, 2).integer?.should == false
    Rational(1, 2).finite?.should == true
  end

  it "abs2" do
    Rational(-1, 2).abs2.should == Rational(1, 4)
  end

  it "coerce" do
    Rational(1, 2).coerce(1).should == [Rational(1, 1), Rational(1, 2)]
    Rational(1, 2).coerce(1.5).should == [1.5, 0.5]
  end

  it "works with Math functions and Array#sum" do
    Math.sqrt(Rational(1, 4)).should == 0.5
    [Rational(1, 2), Rational(1, 3)].sum.should == Rational(5, 6)
    [1r, 0.5].sum.should == 1.5
  end
end
