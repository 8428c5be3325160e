require_relative '../../spec_helper'

describe "Array#assoc, #rassoc" do
  it "find the first sub-array by first/second element" do
    a = [[:a, 1], [:b, 2], :c, [:b, 3]]
    a.assoc(:b).should == [:b, 2]
    a.rassoc(3).should == [:b, 3]
    a.assoc(:z).should be_nil
  end
end

describe "Array#each_index, #length, #size, #empty?, #count" do
  it "iterate indices and report sizes" do
    out = []
    [:a, :b].each_index { |i| out << i }
    out.should == [0, 1]
    [1, 2].length.should == 2
    [].size.should == 0
    [].empty?.should == true
    [nil].empty?.should == false
  end
end

describe "Array#dup and #clone" do
  it "copy the element list but not the elements" do
    a = ["x", [1]]
    d = a.dup
    d << 3
    d[0] << "y"
    a.size.should == 2
    a[0].should == "xy"
  end

  it "clone keeps frozen state, dup does not" do
    a = [1].freeze
    a.clone.frozen?.should == true
    a.dup.frozen?.should == false
    a.clone(freeze: false).frozen?.should == false
  end
end

describe "Array#min, #max with n and blocks" do
  it "return n smallest or largest" do
    [5, 1, 4, 2].min(3).should == [1, 2, 4]
    [5, 1, 4, 2].max(10).should == [5, 4, 2, 1]
    %w[aaa b cc].max_by(2, &:size).should == ["aaa", "cc"]
    %w[aaa b cc].min_by(2, &:size).should == ["b", "cc"]
    [1, 2, 3].min { |a, b| b <=> a }.should == 3
  end

  it "compare mixed Integer and Float" do
    [1, 2.5, -1].max.should == 2.5
    [1, 2.5, -1].min.should == -1
    [3, 1.0].sort.should == [1.0, 3]
  end
end

describe "Array#sum with mixed numbers" do
  it "switches to Float when a Float appears" do
    [1, 2.5].sum.should == 3.5
    [1, 2].sum(0.0).should == 3.0
    [3.0, 1e100, -1e100].sum.should == 3.0
    [2**64, 1].sum.should == 18446744073709551617
  end
end

describe "Array#cycle without a count" do
  it "loops until break" do
    out = []
    [1, 2].cycle { |x| out << x; break if out.size == 5 }
    out.should == [1, 2, 1, 2, 1]
    [].cycle { raise "never" }.should be_nil
  end
end

describe "Array#flatten with non-array elements" do
  it "does not flatten hashes or ranges" do
    [{a: 1}, [1..2]].flatten.should == [{a: 1}, 1..2]
  end
end

describe "Array#pack and String#unpack round trip" do
  it "for integers and strings" do
    [1, 2].pack("s*").unpack("s*").should == [1, 2]
    ["hi"].pack("m0").should == "aGk="
    "aGk=".unpack1("m0").should == "hi"
  end
end

describe "Array#* and #+ keep the receiver's class for subclasses only where CRuby does" do
  it "returns Array instances" do
    c = Class.new(Array)
    x = c.new([1, 2])
    (x + [3]).class.should == Array
    x.map { |v| v }.class.should == Array
    x.class.should == c
    x.dup.class.should == c
  end
end

describe "Array#<=> with nested arrays and #sort of arrays" do
  it "sorts arrays lexicographically" do
    [[1, "b"], [1, "a"], [0, "z"]].sort.should == [[0, "z"], [1, "a"], [1, "b"]]
    [[2], [1, 2], [1]].sort.should == [[1], [1, 2], [2]]
  end

  it "sort_by with array keys sorts by several criteria" do
    %w[bb a ccc dd].sort_by { |s| [-s.size, s] }.should == %w[ccc bb dd a]
  end
end

describe "Array#sort! and #sort_by! in place" do
  it "sort in place and return self" do
    a = [3, 1, 2]
    a.sort!.should equal(a)
    a.should == [1, 2, 3]
    b = %w[bb a]
    b.sort_by!(&:size).should equal(b)
    b.should == %w[a bb]
  end
end

describe "Array#uniq with hashes and arrays as elements" do
  it "uses eql? and hash" do
    [{a: 1}, {a: 1}, [1], [1], 1, 1.0].uniq.should == [{a: 1}, [1], 1, 1.0]
  end
end

describe "Array#zip with a block" do
  it "yields the tuples and returns nil" do
    out = []
    [1, 2].zip([3, 4]) { |a, b| out << a * b }.should be_nil
    out.should == [3, 8]
  end
end

describe "Array#product with several arrays" do
  it "builds all combinations in order" do
    [1, 2].product([3], [4, 5]).should == [[1, 3, 4], [1, 3, 5], [2, 3, 4], [2, 3, 5]]
    [1, 2].product([]).should == []
  end
end

describe "Array#each_slice and #each_cons with blocks" do
  it "return self (each_slice) and self (each_cons)" do
    a = [1, 2, 3]
    a.each_slice(2) {}.should equal(a)
    a.each_cons(2) {}.should equal(a)
  end
end

describe "Array#tally with a hash" do
  it "adds the counts to the given hash" do
    h = {"a" => 1}
    %w[a b a].tally(h).should equal(h)
    h.should == {"a" => 3, "b" => 1}
  end
end

describe "Array#sum and #inject on large arrays" do
  it "are correct for 100_000 elements" do
    a = (1..100_000).to_a
    a.sum.should == 5000050000
    a.inject(:+).should == 5000050000
    a.max.should == 100_000
    a.sort_by { |x| -x }.first.should == 100_000
  end
end

describe "Array#step-like indexing with Float and Rational-free arguments" do
  it "first/last/take accept Float counts" do
    [1, 2, 3].first(2.9).should == [1, 2]
  end
end

describe "Array#delete_if while iterating" do
  it "sees a consistent array" do
    a = [1, 2, 3, 4, 5, 6]
    a.delete_if { |x| x.even? }
    a.should == [1, 3, 5]
  end
end

describe "Array#to_s and #inspect for special values" do
  it "show floats, strings with escapes and symbols like CRuby" do
    [1.0, 1e20, -0.0, "a\nb", :"x y", 10**20].inspect.should == '[1.0, 1.0e+20, -0.0, "a\nb", :"x y", 100000000000000000000]'
  end
end
