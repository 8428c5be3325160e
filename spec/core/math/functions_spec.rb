require_relative '../../spec_helper'

describe "Math constants" do
  it "PI and E" do
    Math::PI.should == 3.141592653589793
    Math::E.should == 2.718281828459045
  end

  it "DomainError is a StandardError subclass under Math" do
    Math::DomainError.superclass.should == StandardError
    Math::DomainError.name.should == "Math::DomainError"
  end
end

describe "Math.sqrt and Math.cbrt" do
  it "return Float roots" do
    Math.sqrt(16).should == 4.0
    Math.sqrt(2).should == 1.4142135623730951
    Math.sqrt(10**20).should == 10000000000.0
    Math.sqrt(Rational(1, 4)).should == 0.5
    Math.cbrt(27).should == 3.0
    Math.cbrt(-8).should == -2.0
    Math.sqrt(-0.0).should be_positive_zero
  end

  it "sqrt raises Math::DomainError for negative numbers" do
    -> { Math.sqrt(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - sqrt')
  end

  it "raise TypeError for non-numeric arguments" do
    -> { Math.sqrt("4") }.should raise_error(TypeError, "can't convert String into Float")
    -> { Math.sqrt(nil) }.should raise_error(TypeError, "can't convert nil into Float")
    -> { Math.sqrt(:a) }.should raise_error(TypeError, "can't convert Symbol into Float")
    -> { Math.sqrt(true) }.should raise_error(TypeError, "can't convert true into Float")
    o = Object.new
    def o.to_f; 4.0; end
    -> { Math.sqrt(o) }.should raise_error(TypeError, "can't convert Object into Float")
  end
end

describe "Math trigonometric functions" do
  it "sin, cos, tan" do
    Math.sin(0).should == 0.0
    Math.cos(0).should == 1.0
    Math.tan(0).should == 0.0
    Math.sin(Math::PI / 2).should == 1.0
    Math.cos(Math::PI).should == -1.0
  end

  it "asin, acos, atan, atan2" do
    Math.asin(1).should == 1.5707963267948966
    Math.acos(1).should == 0.0
    (Math.atan(1) * 4).should == Math::PI
    Math.atan2(1, 1).should == 0.7853981633974483
    Math.atan2(-1, -1).should == -2.356194490192345
    Math.atan2(0.0, -1.0).should == Math::PI
    Math.atan2(-0.0, -1.0).should == -Math::PI
  end

  it "asin and acos raise Math::DomainError outside [-1, 1]" do
    -> { Math.asin(2) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - asin')
    -> { Math.acos(-2) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - acos')
  end

  it "hyperbolic functions" do
    Math.sinh(0).should == 0.0
    Math.cosh(0).should == 1.0
    Math.tanh(0).should == 0.0
    Math.asinh(0).should == 0.0
    Math.acosh(1).should == 0.0
    Math.atanh(0).should == 0.0
    Math.atanh(1).should == Float::INFINITY
    -> { Math.acosh(0) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - acosh')
    -> { Math.atanh(2) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - atanh')
  end
end

describe "Math exponential and logarithmic functions" do
  it "exp" do
    Math.exp(0).should == 1.0
    Math.exp(1).should be_close(Math::E, TOLERANCE)
  end

  it "log with and without a base" do
    Math.log(1).should == 0.0
    Math.log(Math::E).should == 1.0
    Math.log(100, 10).should == 2.0
    Math.log(8, 2).should == 3.0
    Math.log(0).should == -Float::INFINITY
    Math.log(10**400).should be_close(921.0340371976183, TOLERANCE)
  end

  it "log2 and log10" do
    Math.log2(1024).should == 10.0
    Math.log10(1000).should == 3.0
    Math.log2(2**1000).should == 1000.0
  end

  it "handle Bignums beyond the Float range" do
    Math.log10(10**400).should == 400.0
    Math.log2(2**2000).should == 2000.0
    Math.log(10**400, 10).should == 400.0
    Math.log(2**1100, 2).should == 1100.0
    Math.sqrt(10**400).should == Float::INFINITY
  end

  it "log with a base handles zeros as CRuby" do
    Math.log(0, 2).should == -Float::INFINITY
    Math.log(2, 0).should be_negative_zero
    Math.log(0, 0).nan?.should == true
    Math.log(2, 1).nan?.should == true
  end

  it "log raises Math::DomainError for negative numbers" do
    -> { Math.log(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - log')
    -> { Math.log2(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - log2')
    -> { Math.log10(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - log10')
  end
end

describe "Math.hypot, Math.ldexp and Math.frexp" do
  it "hypot" do
    Math.hypot(3, 4).should == 5.0
  end

  it "ldexp multiplies by a power of two" do
    Math.ldexp(1.5, 3).should == 12.0
    Math.ldexp(1, -1).should == 0.5
  end

  it "frexp splits into fraction and exponent" do
    Math.frexp(12.0).should == [0.75, 4]
    Math.frexp(0.0).should == [0.0, 0]
    Math.frexp(-1.0).should == [-0.5, 1]
  end
end

describe "Math.gamma, Math.lgamma, Math.erf and Math.erfc" do
  it "gamma returns exact factorials for small integers" do
    Math.gamma(1).should == 1.0
    Math.gamma(5).should == 24.0
    Math.gamma(10).should == 362880.0
    Math.gamma(0.5).should be_close(1.772453850905516, TOLERANCE)
    -> { Math.gamma(-1) }.should raise_error(Math::DomainError, 'Numerical argument is out of domain - gamma')
  end

  it "lgamma returns the log and the sign" do
    Math.lgamma(1).should == [0.0, 1]
    Math.lgamma(-0.5).should == [1.2655121234846454, -1]
    -> { Math.lgamma(-Float::INFINITY) }.should raise_error(Math::DomainError, "Numerical argument is out of domain - lgamma")
  end

  it "erf and erfc" do
    Math.erf(0).should == 0.0
    Math.erfc(0).should == 1.0
  end
end

describe "Math as a mixin" do
  it "provides private instance methods when included" do
    o = Object.new
    o.extend(Math)
    o.send(:sqrt, 9).should == 3.0
  end
end
