require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Enumerable#to_a, #entries, #map, #flat_map, #select, #reject, #filter_map" do
  it "collect what #each yields" do
    e = EnumerableSpecs::Numerous.new(1, 2, 3)
    e.to_a.should == [1, 2, 3]
    e.entries.should == [1, 2, 3]
    e.map { |x| x * 2 }.should == [2, 4, 6]
    e.flat_map { |x| [x, -x] }.should == [1, -1, 2, -2, 3, -3]
    e.select(&:odd?).should == [1, 3]
    e.filter(&:even?).should == [2]
    e.reject(&:odd?).should == [2]
    e.filter_map { |x| x * 10 if x > 1 }.should == [20, 30]
  end

  it "pack several yielded values into an Array" do
    EnumerableSpecs::YieldsMulti.new.to_a.should == [[1, 2], [3, 4, 5], [6, 7, 8, 9]]
    EnumerableSpecs::YieldsMulti.new.map { |a, b| a + b }.should == [3, 7, 13]
  end

  it "return Enumerators without a block" do
    EnumerableSpecs::Numerous.new(1, 2).map.should be_an_instance_of(Enumerator)
    EnumerableSpecs::Numerous.new(1, 2).map.with_index { |x, i| x * i }.should == [0, 2]
    EnumerableSpecs::Numerous.new(1, 2).each_with_index.to_a.should == [[1, 0], [2, 1]]
  end
end

describe "Enumerable#inject, #sum, #count, #tally" do
  it "inject with a block, an initial value and a symbol" do
    e = EnumerableSpecs::Numerous.new(1, 2, 3, 4)
    e.inject { |s, x| s + x }.should == 10
    e.inject(100) { |s, x| s - x }.should == 90
    e.reduce(:*).should == 24
    e.inject(2, :+).should == 12
    EnumerableSpecs::Numerous.new(nil).inject { |s, x| s }.should be_nil
  end

  it "sum, count and tally" do
    e = EnumerableSpecs::Numerous.new(1, 2, 2, 3)
    e.sum.should == 8
    e.sum(0.5).should == 8.5
    e.sum { |x| x * x }.should == 18
    e.count.should == 4
    e.count(2).should == 2
    e.count(&:odd?).should == 2
    e.tally.should == {1 => 1, 2 => 2, 3 => 1}
  end
end

describe "Enumerable#min, #max, #minmax, #min_by, #max_by, #sort, #sort_by" do
  it "use <=> by default" do
    e = EnumerableSpecs::Numerous.new
    e.min.should == 1
    e.max.should == 6
    e.minmax.should == [1, 6]
    e.min(2).should == [1, 2]
    e.max(2).should == [6, 5]
    e.sort.should == [1, 2, 3, 4, 5, 6]
  end

  it "use a block or a key" do
    e = EnumerableSpecs::Numerous.new("bb", "a", "ccc")
    e.min_by(&:size).should == "a"
    e.max_by(&:size).should == "ccc"
    e.minmax_by(&:size).should == ["a", "ccc"]
    e.sort_by(&:size).should == ["a", "bb", "ccc"]
    e.max { |a, b| a.size <=> b.size }.should == "ccc"
    e.sort { |a, b| b <=> a }.should == ["ccc", "bb", "a"]
  end

  it "work with Comparable user objects" do
    items = EnumerableSpecs::Numerous.new(*[3, 1, 2].map { |k| EnumerableSpecs::Item.new(k) })
    items.min.key.should == 1
    items.sort.map(&:key).should == [1, 2, 3]
  end

  it "return nil for an empty source" do
    EnumerableSpecs::Numerous.new(nil).select(&:nil?).should == [nil]
    EnumerableSpecs::Counted.new([]).min.should be_nil
    EnumerableSpecs::Counted.new([]).max_by { |x| x }.should be_nil
  end

  it "sort_by is stable for equal keys" do
    e = EnumerableSpecs::Numerous.new([1, :a], [0, :b], [1, :c], [0, :d])
    e.sort_by(&:first).map(&:last).should == [:b, :d, :a, :c]
  end
end

describe "Enumerable#find, #find_index, #first, #take, #take_while, #include?" do
  it "stop iterating as soon as the answer is known" do
    c = EnumerableSpecs::Counted.new([1, 2, 3, 4, 5])
    c.find { |x| x == 2 }.should == 2
    c.yielded.should == 2
    c = EnumerableSpecs::Counted.new([1, 2, 3, 4, 5])
    c.first(3).should == [1, 2, 3]
    c.yielded.should == 3
  end

  it "work on an endless source" do
    inf = EnumerableSpecs::Infinite.new
    inf.first.should == 1
    inf.first(3).should == [1, 2, 3]
    inf.take(2).should == [1, 2]
    inf.find { |x| x * x > 50 }.should == 8
    inf.find_index(5).should == 4
    inf.take_while { |x| x < 4 }.should == [1, 2, 3]
    inf.include?(10).should == true
    inf.lazy.map { |x| x * 2 }.select { |x| x % 3 == 0 }.first(2).should == [6, 12]
    inf.each_slice(2).first.should == [1, 2]
  end

  it "detect returns nil when nothing matches; find_index takes a value or block" do
    e = EnumerableSpecs::Numerous.new(1, 2, 3)
    e.detect { |x| x > 5 }.should be_nil
    e.find_index { |x| x > 1 }.should == 1
    e.find_index(7).should be_nil
    e.member?(3).should == true
    e.drop(1).should == [2, 3]
    e.drop_while { |x| x < 2 }.should == [2, 3]
  end
end

describe "Enumerable#all?, #any?, #none?, #one?" do
  it "test with a block, a pattern, or truthiness" do
    e = EnumerableSpecs::Numerous.new(1, 2, 3)
    e.all? { |x| x > 0 }.should == true
    e.any? { |x| x > 2 }.should == true
    e.none? { |x| x > 3 }.should == true
    e.one? { |x| x > 2 }.should == true
    e.all?(Integer).should == true
    e.any?(2..2).should == true
    EnumerableSpecs::Numerous.new(nil, false).any?.should == false
    EnumerableSpecs::Numerous.new(nil, 1).one?.should == true
  end

  it "any? stops at the first match" do
    c = EnumerableSpecs::Counted.new([1, 5, 2, 7])
    c.any? { |x| x > 4 }.should == true
    c.yielded.should == 2
  end
end

describe "Enumerable#group_by, #partition, #chunk_while, #slice_when, #each_slice, #each_cons, #zip" do
  it "group and split" do
    e = EnumerableSpecs::Numerous.new(1, 2, 3, 4, 6, 7)
    e.group_by(&:odd?).should == {true => [1, 3, 7], false => [2, 4, 6]}
    e.partition { |x| x > 3 }.should == [[4, 6, 7], [1, 2, 3]]
    e.chunk_while { |a, b| b == a + 1 }.to_a.should == [[1, 2, 3, 4], [6, 7]]
    e.slice_when { |a, b| b > a + 1 }.to_a.should == [[1, 2, 3, 4], [6, 7]]
    e.each_slice(4).to_a.should == [[1, 2, 3, 4], [6, 7]]
    e.each_cons(5).to_a.should == [[1, 2, 3, 4, 6], [2, 3, 4, 6, 7]]
    e.chunk(&:odd?).to_a.should == [[true, [1]], [false, [2]], [true, [3]], [false, [4, 6]], [true, [7]]]
  end

  it "zip with arrays" do
    EnumerableSpecs::Numerous.new(1, 2).zip([3, 4], [5]).should == [[1, 3, 5], [2, 4, nil]]
  end

  it "zip streams: endless receivers with a breaking block and endless arguments work" do
    EnumerableSpecs::Infinite.new.zip(EnumerableSpecs::Infinite.new) { |pair| break pair }.should == [1, 1]
    EnumerableSpecs::Numerous.new(1, 2).zip(10..).should == [[1, 10], [2, 11]]
    EnumerableSpecs::Numerous.new(1, 2).zip(EnumerableSpecs::Numerous.new(7)).should == [[1, 7], [2, nil]]
    -> { EnumerableSpecs::Numerous.new(1).zip(1) }.should raise_error(TypeError, "wrong argument type Integer (must respond to :each)")
  end

  it "each_with_object and each_entry" do
    EnumerableSpecs::Numerous.new(1, 2).each_with_object({}) { |x, h| h[x] = x * x }.should == {1 => 1, 2 => 4}
    out = []
    EnumerableSpecs::YieldsMulti.new.each_entry { |x| out << x }
    out.first.should == [1, 2]
  end
end

describe "Enumerable#uniq, #to_h, #to_set, #min with ties, #reverse_each, #cycle, #compact" do
  it "convert and deduplicate" do
    e = EnumerableSpecs::Numerous.new(1, 2, 1, 3, 2)
    e.uniq.should == [1, 2, 3]
    e.uniq { |x| x % 2 }.should == [1, 2]
    EnumerableSpecs::Numerous.new([:a, 1], [:b, 2]).to_h.should == {a: 1, b: 2}
    EnumerableSpecs::Numerous.new(1, 2).to_h { |x| [x, x.to_s] }.should == {1 => "1", 2 => "2"}
    EnumerableSpecs::Numerous.new(3, 1, 3).to_set.should == Set[1, 3]
    EnumerableSpecs::Numerous.new(nil, 1, nil).compact.should == [1]
  end

  it "reverse_each and cycle" do
    EnumerableSpecs::Numerous.new(1, 2, 3).reverse_each.to_a.should == [3, 2, 1]
    EnumerableSpecs::Numerous.new(1, 2).cycle(2).to_a.should == [1, 2, 1, 2]
  end

  it "sum/min raise like CRuby on bad elements" do
    -> { EnumerableSpecs::Numerous.new("a").sum }.should raise_error(TypeError, "String can't be coerced into Integer")
    -> { EnumerableSpecs::Numerous.new(1, "a").sort }.should raise_error(ArgumentError, "comparison of Integer with String failed")
  end
end
