require_relative '../../spec_helper'

describe "Kernel#format" do
  it "formats integers with %d and %i" do
    format("%d", 42).should == "42"
    format("%i", -42).should == "-42"
    format("%d", 2**70).should == "1180591620717411303424"
    format("%d", 3.99).should == "3"
    format("%d", -3.99).should == "-3"
  end

  it "supports width, zero padding, left justification and sign flags for %d" do
    format("%5d", 42).should == "   42"
    format("%-5d|", 42).should == "42   |"
    format("%05d", 42).should == "00042"
    format("%05d", -42).should == "-0042"
    format("%+d", 42).should == "+42"
    format("%+d", -42).should == "-42"
    format("% d", 42).should == " 42"
    format("%.3d", 7).should == "007"
    format("%8.3d", 7).should == "     007"
  end

  it "formats strings with %s and precision truncation" do
    format("%s", "abc").should == "abc"
    format("%s", :sym).should == "sym"
    format("%s", nil).should == ""
    format("%s", [1, 2]).should == "[1, 2]"
    format("%-10s|", "hi").should == "hi        |"
    format("%10s|", "hi").should == "        hi|"
    format("%.2s", "abcdef").should == "ab"
  end

  it "formats inspect output with %p" do
    format("%p", "abc").should == "\"abc\""
    format("%p", nil).should == "nil"
    format("%p", :a).should == ":a"
    format("%-6p|", 1).should == "1     |"
  end

  it "formats floats with %f and precision" do
    format("%f", 3.14159).should == "3.141590"
    format("%.3f", 3.14159).should == "3.142"
    format("%.0f", 2.5).should == "2"
    format("%.0f", 3.5).should == "4"
    format("%05.1f", 3.14159).should == "003.1"
    format("%-8.2f|", 3.14159).should == "3.14    |"
    format("%+.1f", 2.0).should == "+2.0"
    format("%.2f", 1).should == "1.00"
    format("%.10f", 0.1).should == "0.1000000000"
    format("%f", 1e20).should == "100000000000000000000.000000"
  end

  it "formats special floats" do
    format("%f", Float::INFINITY).should == "Inf"
    format("%f", -Float::INFINITY).should == "-Inf"
    format("%f", Float::NAN).should == "NaN"
    format("%5.1f", Float::INFINITY).should == "  Inf"
  end

  it "formats floats with %e and %E" do
    format("%e", 12345.678).should == "1.234568e+04"
    format("%.2e", 12345.678).should == "1.23e+04"
    format("%E", 0.000123).should == "1.230000E-04"
    format("%e", 0).should == "0.000000e+00"
  end

  it "formats floats with %g and %G" do
    format("%g", 12345.678).should == "12345.7"
    format("%g", 0.0001).should == "0.0001"
    format("%g", 0.00001).should == "1e-05"
    format("%g", 1e20).should == "1e+20"
    format("%G", 1e-10).should == "1E-10"
    format("%.3g", 3.14159).should == "3.14"
    format("%g", 100.0).should == "100"
  end

  it "formats integers in hex, octal and binary" do
    format("%x", 255).should == "ff"
    format("%X", 255).should == "FF"
    format("%#x", 255).should == "0xff"
    format("%08x", 255).should == "000000ff"
    format("%o", 8).should == "10"
    format("%#o", 8).should == "010"
    format("%b", 10).should == "1010"
    format("%#b", 10).should == "0b1010"
    format("%08b", 10).should == "00001010"
    format("%x", 2**64).should == "10000000000000000"
  end

  it "formats negative numbers in hex, octal and binary as two's complement" do
    format("%x", -255).should == "..f01"
    format("%b", -5).should == "..1011"
    format("%o", -8).should == "..70"
    format("%+x", -255).should == "-ff"
    format("% b", -5).should == "-101"
  end

  it "pads negative two's complement numbers with the sign digit" do
    format("%08x", -1).should == "..ffffff"
    format("%.5x", -1).should == "..fff"
    format("%#x", -255).should == "0x..f01"
    format("%-8b|", -5).should == "..1011  |"
    format("%#o", -8).should == "..70"
  end

  it "follows CRuby for zero with # and precision" do
    format("%#x", 0).should == "0"
    format("%#.3o", 8).should == "010"
    format("%.0d", 0).should == ""
    format("%#.0o", 0).should == "0"
  end

  it "prints the exact binary value when more digits than the shortest are asked for" do
    format("%.20f", 0.1).should == "0.10000000000000000555"
    format("%.17f", 0.1).should == "0.10000000000000001"
    format("%.25f", 1.0 / 3).should == "0.3333333333333333148296163"
    format("%f", 1e23).should == "99999999999999991611392.000000"
  end

  it "rounds the shortest representation when fewer digits are asked for" do
    format("%.2f", 2.675).should == "2.68"
    format("%.1f", 0.35).should == "0.4"
    format("%.3g", 2.675).should == "2.68"
    format("%.2e", 2.675).should == "2.68e+00"
    format("%#.3g", 1.0).should == "1.00"
    format("%.4g", -46.925000000000004).should == "-46.92"
    format("%.3g", -330500.0).should == "-3.30e+05"
  end

  it "formats characters with %c" do
    format("%c", 65).should == "A"
    format("%c", "hello").should == "h"
    format("%3c|", 65).should == "  A|"
    format("%c", 0x3042).should == "\u3042"
    -> { format("%c", -1) }.should raise_error(ArgumentError, "invalid character")
  end

  it "formats a literal percent with %%" do
    format("100%%").should == "100%"
    format("%d%%", 5).should == "5%"
  end

  it "supports named references %{x} and %<x>d" do
    format("%{a}-%{b}", a: 1, b: "two").should == "1-two"
    format("%<n>05.1f", n: 3.14159).should == "003.1"
    format("%<n>d items", n: 3).should == "3 items"
    format("%-6{a}|", a: "x").should == "x     |"
  end

  it "supports * for width and precision" do
    format("%*d", 5, 42).should == "   42"
    format("%-*d|", 5, 42).should == "42   |"
    format("%.*f", 2, 3.14159).should == "3.14"
  end

  it "supports absolute argument numbers" do
    format("%2$s %1$s", "a", "b").should == "b a"
    format("%1$s %1$s", "x").should == "x x"
  end

  it "raises ArgumentError when numbered, unnumbered and named references are mixed" do
    -> { format("%<a>s %s", { a: 1 }) }.should raise_error(ArgumentError, "unnumbered(1) mixed with named")
    -> { format("%s %<a>s", 1) }.should raise_error(ArgumentError, "named<a> after unnumbered(1)")
    -> { format("%1$s %s", 1) }.should raise_error(ArgumentError, "unnumbered(1) mixed with numbered")
    -> { format("%s %1$s", 1) }.should raise_error(ArgumentError, "numbered(1) after unnumbered(1)")
    -> { format("%3$s", 1) }.should raise_error(ArgumentError, "too few arguments")
  end

  it "converts arguments with Integer() semantics for %d" do
    format("%d", "42").should == "42"
    format("%d", "0x1f").should == "31"
    -> { format("%d", "abc") }.should raise_error(ArgumentError, 'invalid value for Integer(): "abc"')
    -> { format("%d", nil) }.should raise_error(TypeError, "can't convert nil into Integer")
  end

  it "converts arguments with Float() semantics for %f" do
    format("%.1f", "2.5").should == "2.5"
    -> { format("%f", "x") }.should raise_error(ArgumentError, 'invalid value for Float(): "x"')
    -> { format("%f", nil) }.should raise_error(TypeError, "can't convert nil into Float")
  end

  it "raises ArgumentError for too few arguments" do
    -> { format("%d %d", 1) }.should raise_error(ArgumentError, "too few arguments")
  end

  it "raises ArgumentError for a malformed directive" do
    -> { format("%") }.should raise_error(ArgumentError, "incomplete format specifier; use %% (double %) instead")
    -> { format("%z", 1) }.should raise_error(ArgumentError, "malformed format string - %z")
  end

  it "raises KeyError for a missing named reference" do
    -> { format("%{x}", y: 1) }.should raise_error(KeyError, "key{x} not found")
  end

  it "is also available as String#%" do
    ("%05.2f" % 3.14159).should == "03.14"
    ("%s and %s" % ["a", "b"]).should == "a and b"
    ("%{a}" % { a: 1 }).should == "1"
  end
end

describe "Kernel#sprintf" do
  it "is the same as format" do
    sprintf("%d-%s", 1, "a").should == "1-a"
    sprintf("%08.3f", -3.14159).should == "-003.142"
  end
end
