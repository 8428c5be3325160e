require_relative '../../spec_helper'

describe "Array#push, #<<, #append" do
  it "append elements and return self" do
    a = [1]
    a.push(2, 3).should equal(a)
    (a << 4).should equal(a)
    a.append(5)
    a.should == [1, 2, 3, 4, 5]
  end
end

describe "Array#pop and #shift" do
  it "remove and return the last/first element, nil when empty" do
    a = [1, 2, 3]
    a.pop.should == 3
    a.shift.should == 1
    a.should == [2]
    [].pop.should be_nil
    [].shift.should be_nil
  end

  it "remove n elements and return them as an Array" do
    a = [1, 2, 3, 4, 5]
    a.pop(2).should == [4, 5]
    a.shift(2).should == [1, 2]
    a.should == [3]
    a.pop(5).should == [3]
  end

  it "raise on a frozen array" do
    -> { [1].freeze.pop }.should raise_error(FrozenError)
    -> { [1].freeze.shift }.should raise_error(FrozenError)
  end
end

describe "Array#unshift and #insert" do
  it "prepend elements" do
    a = [3]
    a.unshift(1, 2).should == [1, 2, 3]
    a.prepend(0)
    a.should == [0, 1, 2, 3]
  end

  it "insert before the index; a negative index inserts after that element" do
    [1, 2, 3].insert(1, :a, :b).should == [1, :a, :b, 2, 3]
    [1, 2, 3].insert(-2, :a).should == [1, 2, :a, 3]
    [1].insert(3, :x).should == [1, nil, nil, :x]
  end

  it "insert raises IndexError for a too small negative index" do
    -> { [1].insert(-3, 0) }.should raise_error(IndexError, "index -3 too small for array; minimum: -2")
  end
end

describe "Array#concat" do
  it "appends the elements of each argument" do
    a = [1]
    a.concat([2], [3, 4]).should equal(a)
    a.should == [1, 2, 3, 4]
  end

  it "raises TypeError for a non-array" do
    -> { [1].concat(2) }.should raise_error(TypeError, "no implicit conversion of Integer into Array")
  end
end

describe "Array#delete, #delete_at, #delete_if, #keep_if" do
  it "delete removes all equal elements and returns the argument, or the block's value" do
    a = [1, 2, 1, 3]
    a.delete(1).should == 1
    a.should == [2, 3]
    a.delete(9).should be_nil
    a.delete(9) { :none }.should == :none
  end

  it "delete_at removes at an index" do
    a = [1, 2, 3]
    a.delete_at(-1).should == 3
    a.delete_at(5).should be_nil
    a.should == [1, 2]
  end

  it "delete_if and keep_if filter in place and return self" do
    a = [1, 2, 3, 4]
    a.delete_if(&:even?).should equal(a)
    a.should == [1, 3]
    b = [1, 2, 3, 4]
    b.keep_if { |x| x > 2 }.should == [3, 4]
  end

  it "select! and reject! return nil when nothing changed" do
    [1, 2].select! { true }.should be_nil
    [1, 2].reject! { false }.should be_nil
    [1, 2].reject!(&:odd?).should == [2]
  end
end

describe "Array#clear, #replace, #fill" do
  it "clear empties and replace copies another array" do
    a = [1, 2]
    a.clear.should equal(a)
    a.should == []
    a.replace([3, 4]).should == [3, 4]
  end

  it "fill sets elements from a value or block, optionally in a range" do
    [1, 2, 3].fill(0).should == [0, 0, 0]
    [1, 2, 3].fill(0, 1).should == [1, 0, 0]
    [1, 2, 3, 4].fill(9, 1, 2).should == [1, 9, 9, 4]
    [1, 2, 3].fill { |i| i * i }.should == [0, 1, 4]
    [1, 2, 3].fill(:x, 1..1).should == [1, :x, 3]
    [].fill(7, 0, 2).should == [7, 7]
  end
end

describe "Array#compact, #uniq, #flatten (and bang forms)" do
  it "compact removes nils" do
    [1, nil, 2, nil].compact.should == [1, 2]
    [1].compact!.should be_nil
  end

  it "uniq removes duplicates (eql?/hash), optionally by block" do
    [1, 1.0, 1, "a", "a"].uniq.should == [1, 1.0, "a"]
    [1, 2, 3, 4].uniq { |x| x % 2 }.should == [1, 2]
    [1, 2].uniq!.should be_nil
    a = [3, 3, 1]
    a.uniq!.should == [3, 1]
  end

  it "flatten flattens nested arrays to the given depth" do
    [1, [2, [3, [4]]]].flatten.should == [1, 2, 3, 4]
    [1, [2, [3, [4]]]].flatten(1).should == [1, 2, [3, [4]]]
    [1, 2].flatten!.should be_nil
  end

  it "flatten raises ArgumentError for a recursive array" do
    a = [1]
    a << a
    -> { a.flatten }.should raise_error(ArgumentError, "tried to flatten recursive array")
  end
end

describe "Array#map!, #sort!, #reverse!, #rotate!, #shuffle!" do
  it "modify in place and return self" do
    a = [3, 1, 2]
    a.map! { |x| x * 2 }.should equal(a)
    a.should == [6, 2, 4]
    a.sort!.should == [2, 4, 6]
    a.reverse!.should == [6, 4, 2]
    a.rotate!.should == [4, 2, 6]
    a.sort_by! { |x| -x }.should == [6, 4, 2]
  end
end

describe "Array#slice!" do
  it "removes and returns the element or subarray" do
    a = [1, 2, 3, 4, 5]
    a.slice!(1).should == 2
    a.slice!(1, 2).should == [3, 4]
    a.should == [1, 5]
    a.slice!(5).should be_nil
  end
end

describe "Array#freeze" do
  it "makes every mutator raise FrozenError" do
    a = [1, 2].freeze
    a.frozen?.should == true
    -> { a << 3 }.should raise_error(FrozenError, "can't modify frozen Array: [1, 2]")
    -> { a.map! { 1 } }.should raise_error(FrozenError)
    -> { a.concat([1]) }.should raise_error(FrozenError)
    -> { a.clear }.should raise_error(FrozenError)
  end
end
