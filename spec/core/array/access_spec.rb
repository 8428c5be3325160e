require_relative '../../spec_helper'

describe "Array#[]" do
  it "returns the element at an index, negative indices count from the end" do
    a = [1, 2, 3, 4]
    a[0].should == 1
    a[3].should == 4
    a[-1].should == 4
    a[-4].should == 1
  end

  it "returns nil for an index out of range" do
    [1, 2][2].should be_nil
    [1, 2][-3].should be_nil
    [][0].should be_nil
  end

  it "returns a subarray for start and length" do
    a = [1, 2, 3, 4, 5]
    a[1, 2].should == [2, 3]
    a[-2, 5].should == [4, 5]
    a[5, 1].should == []
    a[6, 1].should be_nil
    a[1, -1].should be_nil
  end

  it "returns a subarray for a range, including endless and beginless ranges" do
    a = [1, 2, 3, 4, 5]
    a[1..2].should == [2, 3]
    a[1...2].should == [2]
    a[-3..-1].should == [3, 4, 5]
    a[2..].should == [3, 4, 5]
    a[..1].should == [1, 2]
    a[...-1].should == [1, 2, 3, 4]
    a[5..].should == []
    a[6..].should be_nil
    a[3..1].should == []
  end

  it "converts a Float index to an Integer" do
    [1, 2, 3][1.7].should == 2
  end

  it "raises TypeError for a non-numeric index" do
    -> { [1, 2]["a"] }.should raise_error(TypeError, "no implicit conversion of String into Integer")
    -> { [1, 2][nil] }.should raise_error(TypeError, "no implicit conversion from nil to integer")
  end

  it "is aliased as slice" do
    [1, 2, 3].slice(1).should == 2
    [1, 2, 3].slice(0, 2).should == [1, 2]
    [1, 2, 3].slice(1..).should == [2, 3]
  end
end

describe "Array#[]=" do
  it "stores an element, extending the array with nils" do
    a = [1, 2]
    a[4] = 5
    a.should == [1, 2, nil, nil, 5]
    a[-1] = 9
    a.should == [1, 2, nil, nil, 9]
  end

  it "replaces a range or start/length with the given elements" do
    a = [1, 2, 3, 4, 5]
    a[1..2] = [:a]
    a.should == [1, :a, 4, 5]
    a[0, 0] = [7, 8]
    a.should == [7, 8, 1, :a, 4, 5]
    a[4..] = []
    a.should == [7, 8, 1, :a]
  end

  it "extends the array when a range starts or ends past the end" do
    a = [1, 2, 3]
    a[5..6] = [1]
    a.should == [1, 2, 3, nil, nil, 1]
    b = [1, 2, 3]
    b[1..10] = 9
    b.should == [1, 9]
    [1, 2, 3].fill(0, 5..6).should == [1, 2, 3, nil, nil, 0, 0]
    -> { [1][-5..] = 1 }.should raise_error(RangeError, "-5.. out of range")
  end

  it "raises IndexError for a too small negative index" do
    -> { [1][-3] = 0 }.should raise_error(IndexError, "index -3 too small for array; minimum: -1")
  end

  it "raises FrozenError on a frozen array" do
    -> { [1].freeze[0] = 2 }.should raise_error(FrozenError, "can't modify frozen Array: [1]")
  end
end

describe "Array#at" do
  it "returns the element at the index or nil" do
    [1, 2, 3].at(-1).should == 3
    [1, 2, 3].at(3).should be_nil
  end
end

describe "Array#fetch" do
  it "returns the element at the index" do
    [1, 2, 3].fetch(1).should == 2
    [1, 2, 3].fetch(-1).should == 3
  end

  it "returns the default or the block's value when out of range" do
    [1, 2].fetch(5, :d).should == :d
    [1, 2].fetch(5) { |i| i * 2 }.should == 10
  end

  it "raises IndexError when out of range without a default" do
    -> { [1, 2].fetch(5) }.should raise_error(IndexError, "index 5 outside of array bounds: -2...2")
    -> { [1, 2].fetch(-3) }.should raise_error(IndexError, "index -3 outside of array bounds: -2...2")
  end
end

describe "Array#dig" do
  it "digs through nested arrays and hashes" do
    [[1, [2, 3]]].dig(0, 1, 0).should == 2
    [{a: [5]}].dig(0, :a, 0).should == 5
    [[1]].dig(1, 0).should be_nil
  end

  it "raises TypeError when an intermediate value does not respond to dig" do
    -> { [1].dig(0, 1) }.should raise_error(TypeError, "Integer does not have #dig method")
  end
end

describe "Array#first and #last" do
  it "return the first/last element or nil" do
    [1, 2, 3].first.should == 1
    [1, 2, 3].last.should == 3
    [].first.should be_nil
    [].last.should be_nil
  end

  it "return the first/last n elements" do
    [1, 2, 3].first(2).should == [1, 2]
    [1, 2, 3].last(2).should == [2, 3]
    [1, 2, 3].first(10).should == [1, 2, 3]
    [1, 2, 3].last(0).should == []
  end

  it "raise ArgumentError for a negative count" do
    -> { [1].first(-1) }.should raise_error(ArgumentError, "negative array size")
    -> { [1].last(-1) }.should raise_error(ArgumentError, "negative array size")
  end
end

describe "Array#values_at" do
  it "returns the elements at the indices and ranges, nil when out of range" do
    [1, 2, 3, 4].values_at(0, 2, 9, -1).should == [1, 3, nil, 4]
    [1, 2, 3].values_at(1..4).should == [2, 3, nil, nil]
  end
end

describe "Array#take, #drop, #take_while, #drop_while" do
  it "take and drop a prefix" do
    [1, 2, 3, 4].take(2).should == [1, 2]
    [1, 2, 3, 4].drop(2).should == [3, 4]
    [1, 2].take(5).should == [1, 2]
    [1, 2].drop(5).should == []
  end

  it "take_while/drop_while use the block" do
    [1, 2, 3, 1].take_while { |x| x < 3 }.should == [1, 2]
    [1, 2, 3, 1].drop_while { |x| x < 3 }.should == [3, 1]
  end

  it "raise ArgumentError for a negative count" do
    -> { [1].take(-1) }.should raise_error(ArgumentError, "attempt to take negative size")
    -> { [1].drop(-1) }.should raise_error(ArgumentError, "attempt to drop negative size")
  end
end

describe "Array#index, #find_index, #rindex" do
  it "find the position of an element or the first block match" do
    [1, 2, 3, 2].index(2).should == 1
    [1, 2, 3, 2].rindex(2).should == 3
    [1, 2, 3].find_index { |x| x > 1 }.should == 1
    [1, 2, 3].index(9).should be_nil
  end
end

describe "Array#include?" do
  it "uses ==" do
    [1, 2.0, "a"].include?(2).should == true
    [1, 2.0, "a"].include?("a").should == true
    [1].include?(nil).should == false
  end
end
