require_relative '../../spec_helper'

describe "Array#each and #each_with_index" do
  it "yield each element (with its index) and return self" do
    a = [1, 2, 3]
    out = []
    a.each { |x| out << x }.should equal(a)
    a.each_with_index { |x, i| out << [x, i] }.should equal(a)
    out.should == [1, 2, 3, [1, 0], [2, 1], [3, 2]]
  end

  it "see elements pushed during iteration" do
    a = [1, 2]
    seen = []
    a.each { |x| seen << x; a << x + 10 if x < 3 }
    seen.should == [1, 2, 11, 12]
  end

  it "return an Enumerator without a block" do
    [1, 2].each.should be_an_instance_of(Enumerator)
    [1, 2].each_with_index.to_a.should == [[1, 0], [2, 1]]
    [5, 6].each.with_index(1).map { |x, i| x * i }.should == [5, 12]
  end

  it "reverse_each iterates backwards" do
    out = []
    [1, 2, 3].reverse_each { |x| out << x }
    out.should == [3, 2, 1]
  end
end

describe "Array#map, #select, #reject, #filter_map, #flat_map" do
  it "map collects the block's values" do
    [1, 2, 3].map { |x| x * x }.should == [1, 4, 9]
    [[1, 2], [3, 4]].map { |a, b| a + b }.should == [3, 7]
    [1, 2].collect(&:to_s).should == ["1", "2"]
  end

  it "select/filter and reject keep elements by the block" do
    [1, 2, 3, 4].select(&:even?).should == [2, 4]
    [1, 2, 3, 4].filter { |x| x > 2 }.should == [3, 4]
    [1, 2, 3, 4].reject(&:even?).should == [1, 3]
  end

  it "filter_map and flat_map" do
    [1, 2, 3, 4].filter_map { |x| x * 2 if x.odd? }.should == [2, 6]
    [1, 2].flat_map { |x| [x, x] }.should == [1, 1, 2, 2]
    [1, 2].flat_map { |x| x }.should == [1, 2]
  end
end

describe "Array#reduce / #inject" do
  it "folds with a block, an initial value or a symbol" do
    [1, 2, 3].reduce { |s, x| s + x }.should == 6
    [1, 2, 3].inject(10) { |s, x| s + x }.should == 16
    [1, 2, 3].inject(:*).should == 6
    [1, 2, 3].reduce(2, :*).should == 12
    [].reduce(:+).should be_nil
    [5].reduce { |s, x| s + x }.should == 5
  end
end

describe "Array#sum, #min, #max, #minmax, #min_by, #max_by" do
  it "sum adds numbers, with an initial value or a block" do
    [1, 2, 3].sum.should == 6
    [1, 2].sum(10).should == 13
    [0.1, 0.2, 0.3].sum.should == 0.6
    ["a", "b"].sum("").should == "ab"
    [1, 2].sum { |x| x * 10 }.should == 30
    [].sum.should == 0
  end

  it "sum raises TypeError for non-numbers without an initial value" do
    -> { ["a"].sum }.should raise_error(TypeError, "String can't be coerced into Integer")
  end

  it "min/max compare with <=> or a block and take a count" do
    [3, 1, 2].min.should == 1
    [3, 1, 2].max.should == 3
    [3, 1, 2].min(2).should == [1, 2]
    [3, 1, 2].max(2).should == [3, 2]
    %w[bb a ccc].max { |a, b| a.size <=> b.size }.should == "ccc"
    [].min.should be_nil
    [3, 1, 2].minmax.should == [1, 3]
  end

  it "min_by/max_by use the block's value" do
    %w[bb a ccc].min_by(&:size).should == "a"
    %w[bb a ccc].max_by(&:size).should == "ccc"
  end

  it "min raises ArgumentError for incomparable elements" do
    -> { [1, "a"].min }.should raise_error(ArgumentError, "comparison of String with 1 failed")
  end
end

describe "Array#sort and #sort_by" do
  it "sort orders with <=> or the block" do
    [3, 1, 2].sort.should == [1, 2, 3]
    [3, 1, 2].sort { |a, b| b <=> a }.should == [3, 2, 1]
    %w[b c a].sort.should == %w[a b c]
    [[2, 1], [1, 2], [1, 1]].sort.should == [[1, 1], [1, 2], [2, 1]]
  end

  it "sort_by orders by the block's value" do
    %w[ccc a bb].sort_by(&:size).should == %w[a bb ccc]
    [3, 1, 2].sort_by { |x| -x }.should == [3, 2, 1]
  end

  it "sort raises ArgumentError for incomparable elements" do
    -> { [1, "a"].sort }.should raise_error(ArgumentError, "comparison of Integer with String failed")
  end
end

describe "Array#group_by, #partition, #tally, #chunk_while, #slice_when" do
  it "group_by groups by the block's value in order" do
    [1, 2, 3, 4].group_by(&:odd?).should == {true => [1, 3], false => [2, 4]}
  end

  it "partition splits into [true, false]" do
    [1, 2, 3, 4].partition(&:even?).should == [[2, 4], [1, 3]]
  end

  it "tally counts occurrences" do
    %w[a b a c a].tally.should == {"a" => 3, "b" => 1, "c" => 1}
  end

  it "chunk_while and slice_when split runs" do
    [1, 2, 4, 5, 7].chunk_while { |a, b| b == a + 1 }.to_a.should == [[1, 2], [4, 5], [7]]
    [1, 2, 4, 5, 7].slice_when { |a, b| b != a + 1 }.to_a.should == [[1, 2], [4, 5], [7]]
  end
end

describe "Array#each_slice, #each_cons, #zip, #each_with_object, #cycle" do
  it "each_slice and each_cons" do
    [1, 2, 3, 4, 5].each_slice(2).to_a.should == [[1, 2], [3, 4], [5]]
    [1, 2, 3].each_cons(2).to_a.should == [[1, 2], [2, 3]]
  end

  it "each_slice raises for a non-positive size" do
    -> { [1].each_slice(0) }.should raise_error(ArgumentError, "invalid slice size")
    -> { [1].each_cons(0) }.should raise_error(ArgumentError, "invalid size")
  end

  it "zip pairs elements, padding with nil" do
    [1, 2, 3].zip([4, 5], [6]).should == [[1, 4, 6], [2, 5, nil], [3, nil, nil]]
    [1, 2].zip(1..).should == [[1, 1], [2, 2]]
    [1, 2, 3].zip("a".."b").should == [[1, "a"], [2, "b"], [3, nil]]
    -> { [1].zip(1) }.should raise_error(TypeError, "wrong argument type Integer (must respond to :each)")
  end

  it "each_with_object passes the memo and returns it" do
    [1, 2].each_with_object([]) { |x, acc| acc << x * 2 }.should == [2, 4]
  end

  it "cycle repeats n times" do
    [1, 2].cycle(2).to_a.should == [1, 2, 1, 2]
  end
end

describe "Array#count, #find, #any?, #all?, #none?, #one?" do
  it "count counts all, equal elements, or block matches" do
    [1, 2, 2].count.should == 3
    [1, 2, 2].count(2).should == 2
    [1, 2, 3].count(&:odd?).should == 2
  end

  it "find/detect return the first match or nil" do
    [1, 2, 3].find { |x| x > 1 }.should == 2
    [1, 2, 3].detect { |x| x > 5 }.should be_nil
  end

  it "the predicates take a block or a pattern" do
    [1, 2].any? { |x| x > 1 }.should == true
    [1, 2].all?(Integer).should == true
    [nil, false].none?.should == true
    [1, nil].one?.should == true
    [].any?.should == false
    [].all?.should == true
    %w[ab cd].any?(/c/).should == true
  end
end

describe "Array#step-like helpers: each_entry, sum of floats" do
  it "sum of floats uses compensated summation" do
    ([0.1] * 10).sum.should == 1.0
    [1, 0.5].sum.should == 1.5
  end
end
