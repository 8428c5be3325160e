require_relative '../../spec_helper'

describe "Symbol#to_s, #name and #id2name" do
  it "return the symbol's name" do
    :abc.to_s.should == "abc"
    :"foo bar".to_s.should == "foo bar"
    :abc.id2name.should == "abc"
    :abc.name.should == "abc"
  end

  it "to_s returns a new unfrozen String and name a frozen one" do
    :abc.to_s.frozen?.should == false
    :abc.name.frozen?.should == true
    :abc.name.should equal(:abc.name)
  end
end

describe "Symbol#inspect" do
  it "returns a literal form" do
    :abc.inspect.should == ":abc"
    :"foo bar".inspect.should == ":\"foo bar\""
    :"9a".inspect.should == ":\"9a\""
    :"".inspect.should == ":\"\""
    :abc?.inspect.should == ":abc?"
    :abc!.inspect.should == ":abc!"
    :abc=.inspect.should == ":abc="
    :@iv.inspect.should == ":@iv"
    :@@cv.inspect.should == ":@@cv"
    :$g.inspect.should == ":$g"
    :Const.inspect.should == ":Const"
    :+.inspect.should == ":+"
    :[].inspect.should == ":[]"
    :[]=.inspect.should == ":[]="
    :<=>.inspect.should == ":<=>"
    :"foo-bar".inspect.should == ":\"foo-bar\""
    :"a\nb".inspect.should == ":\"a\\nb\""
    :日本.inspect.should == ":日本"
  end
end

describe "Symbol#to_proc" do
  it "returns a Proc that sends the symbol to its argument" do
    :upcase.to_proc.call("ab").should == "AB"
    [1, 2, 3].map(&:to_s).should == ["1", "2", "3"]
    [[1, 2], [3, 4]].map(&:first).should == [1, 3]
    [1, 2, 3].inject(&:+).should == 6
  end

  it "passes extra arguments" do
    :+.to_proc.call(1, 2).should == 3
  end

  it "is a lambda" do
    :upcase.to_proc.lambda?.should == true
  end

  it "raises NoMethodError for a missing method" do
    -> { :nope.to_proc.call(1) }.should raise_error(NoMethodError)
  end

  it "raises ArgumentError without a receiver" do
    -> { :upcase.to_proc.call }.should raise_error(ArgumentError, "no receiver given")
  end
end

describe "Symbol#<=>" do
  it "compares names" do
    (:a <=> :b).should == -1
    (:b <=> :a).should == 1
    (:a <=> :a).should == 0
    (:a <=> "a").should == nil
    [:c, :a, :b].sort.should == [:a, :b, :c]
  end
end

describe "Symbol#== and identity" do
  it "equal symbols are identical" do
    :a.should equal(:a)
    "ab".to_sym.should equal(:ab)
    (:a == :a).should == true
    (:a == "a").should == false
  end
end

describe "Symbol#length and #size" do
  it "count characters" do
    :abc.length.should == 3
    :"日本".size.should == 2
    :"".length.should == 0
  end
end

describe "Symbol case methods" do
  it "return symbols" do
    :abc.upcase.should == :ABC
    :ABC.downcase.should == :abc
    :abc.capitalize.should == :Abc
    :aBc.swapcase.should == :AbC
  end
end

describe "Symbol#succ" do
  it "returns the successor" do
    :a.succ.should == :b
    :az.succ.should == :ba
    :a9.next.should == :b0
  end
end

describe "Symbol#[]" do
  it "indexes the name" do
    :hello[0].should == "h"
    :hello[1, 3].should == "ell"
    :hello[1..].should == "ello"
    :hello[/l+/].should == "ll"
    :hello[9].should == nil
  end
end

describe "Symbol predicates and conversions" do
  it "answer like the name" do
    :"".empty?.should == true
    :a.empty?.should == false
    :abc.start_with?("a").should == true
    :abc.end_with?("bc").should == true
    :a.to_sym.should equal(:a)
    (:abc =~ /b/).should == 1
    :abc.match?(/c/).should == true
    :abc.encoding.should == Encoding::US_ASCII
    :"é".encoding.should == Encoding::UTF_8
  end

  it "are frozen and usable as Hash keys" do
    :a.frozen?.should == true
    { a: 1 }[:a].should == 1
    :a.hash.should == :a.hash
  end
end

describe "Symbol.all_symbols" do
  it "returns an Array of Symbols" do
    Symbol.all_symbols.should be_kind_of(Array)
    Symbol.all_symbols.include?(:upcase).should == true
  end
end

describe "Symbol#to_proc inspect" do
  it "names the symbol" do
    :upcase.to_proc.inspect.should.include?("(&:upcase) (lambda)>")
  end
end
