require_relative '../../spec_helper'

describe "Array#+, #-, #*, #&, #|" do
  it "+ concatenates into a new array" do
    a = [1]
    (a + [2]).should == [1, 2]
    a.should == [1]
    -> { [1] + nil }.should raise_error(TypeError, "no implicit conversion of nil into Array")
  end

  it "- removes every element found in the argument" do
    ([1, 2, 2, 3, 1] - [1, 3]).should == [2, 2]
    [1, 2, 3].difference([1], [3]).should == [2]
  end

  it "* repeats or joins" do
    ([1, 2] * 2).should == [1, 2, 1, 2]
    ([1, 2] * ",").should == "1,2"
    -> { [1] * -1 }.should raise_error(ArgumentError, "negative argument")
  end

  it "& and | are set operations keeping order and removing duplicates" do
    ([1, 1, 2, 3] & [3, 1]).should == [1, 3]
    ([1, 2, 2] | [3, 1]).should == [1, 2, 3]
    [1, 2].union([2, 3], [4]).should == [1, 2, 3, 4]
    [1, 2, 3].intersection([2, 3], [3]).should == [3]
    [1, 2].intersect?([2, 5]).should == true
  end
end

describe "Array#<=> and #==" do
  it "<=> compares element-wise, then by length" do
    ([1, 2] <=> [1, 3]).should == -1
    ([1, 2] <=> [1, 2]).should == 0
    ([1, 2, 3] <=> [1, 2]).should == 1
    ([1] <=> ["a"]).should be_nil
    ([1] <=> 1).should be_nil
  end

  it "== compares element-wise with ==" do
    ([1, 2.0] == [1.0, 2]).should == true
    ([1, 2] == [2, 1]).should == false
    [1, 2].eql?([1.0, 2]).should == false
    ([] == []).should == true
  end

  it "== and inspect handle recursive arrays" do
    a = [1]
    a << a
    a.inspect.should == "[1, [...]]"
    (a == a).should == true
  end
end

describe "Array#join" do
  it "joins with the separator, recursing into nested arrays" do
    [1, [2, [3]], "x"].join("-").should == "1-2-3-x"
    [1, 2].join.should == "12"
    [].join(",").should == ""
    [nil, :a].join(",").should == ",a"
  end

  it "raises ArgumentError for a recursive array" do
    a = [1]
    a << a
    -> { a.join }.should raise_error(ArgumentError, "recursive array join")
  end
end

describe "Array#reverse, #rotate" do
  it "reverse and rotate return new arrays" do
    [1, 2, 3].reverse.should == [3, 2, 1]
    [1, 2, 3].rotate.should == [2, 3, 1]
    [1, 2, 3].rotate(-1).should == [3, 1, 2]
    [1, 2, 3].rotate(4).should == [2, 3, 1]
    [].rotate.should == []
  end
end

describe "Array#product, #combination, #permutation, #transpose" do
  it "product builds the cartesian product" do
    [1, 2].product([3, 4]).should == [[1, 3], [1, 4], [2, 3], [2, 4]]
    [1, 2].product.should == [[1], [2]]
  end

  it "combination and permutation enumerate in CRuby's order" do
    [1, 2, 3].combination(2).to_a.should == [[1, 2], [1, 3], [2, 3]]
    [1, 2, 3].permutation(2).to_a.should == [[1, 2], [1, 3], [2, 1], [2, 3], [3, 1], [3, 2]]
    [1, 2, 3].permutation.to_a.size.should == 6
    [1, 2].combination(0).to_a.should == [[]]
    [1, 2].combination(3).to_a.should == []
  end

  it "repeated_combination enumerates with repetition" do
    [1, 2].repeated_combination(2).to_a.should == [[1, 1], [1, 2], [2, 2]]
  end

  it "transpose swaps rows and columns" do
    [[1, 2], [3, 4], [5, 6]].transpose.should == [[1, 3, 5], [2, 4, 6]]
    [].transpose.should == []
  end

  it "transpose raises IndexError for rows of different sizes" do
    -> { [[1, 2], [3]].transpose }.should raise_error(IndexError, "element size differs (1 should be 2)")
  end
end

describe "Array#sample and #shuffle" do
  it "with a seeded Random give the same result for the same seed" do
    a = (1..10).to_a
    a.shuffle(random: Random.new(42)).should == a.shuffle(random: Random.new(42))
    a.sample(random: Random.new(1)).should == a.sample(random: Random.new(1))
    a.shuffle.sort.should == a
    a.sample(3).size.should == 3
    [].sample.should be_nil
  end
end

describe "Array#inspect and #to_s" do
  it "inspect each element" do
    [1, "a", :b, nil, 1.5, [2]].inspect.should == '[1, "a", :b, nil, 1.5, [2]]'
    [{a: 1}].to_s.should == "[{a: 1}]"
  end
end

describe "Array#hash and Array as a Hash key" do
  it "equal arrays have equal hashes" do
    [1, [2]].hash.should == [1, [2]].hash
    h = {[1, 2] => :x}
    h[[1, 2]].should == :x
  end
end

describe "Array.new and Array()" do
  it "Array.new takes a size and a default or a block" do
    Array.new(3).should == [nil, nil, nil]
    Array.new(2, 0).should == [0, 0]
    Array.new(3) { |i| i * i }.should == [0, 1, 4]
    -> { Array.new(-1) }.should raise_error(ArgumentError, "negative array size")
  end

  it "Array() converts nil, arrays, ranges and other objects" do
    Array(nil).should == []
    Array([1]).should == [1]
    Array(1..3).should == [1, 2, 3]
    Array(5).should == [5]
    Array({a: 1}).should == [[:a, 1]]
  end
end

describe "Array#pack" do
  it "packs common formats" do
    [65, 66].pack("C*").should == "AB"
    ["abc"].pack("a5").should == "abc\x00\x00"
    [1].pack("N").should == "\x00\x00\x00\x01".b
  end
end

describe "Array#bsearch" do
  it "finds the first element for which the block is true" do
    [1, 3, 5, 7].bsearch { |x| x >= 4 }.should == 5
    [1, 3, 5, 7].bsearch { |x| x >= 9 }.should be_nil
  end
end
