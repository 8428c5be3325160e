require_relative '../../spec_helper'
require 'set'

describe "Set.new and Set[]" do
  it "builds from an enumerable, dropping duplicates, keeping first-seen order" do
    Set.new([3, 1, 3, 2]).to_a.should == [3, 1, 2]
    Set[1, 2, 2].size.should == 2
    Set.new.empty?.should == true
    Set.new(nil).size.should == 0
    Set.new(1..3).to_a.should == [1, 2, 3]
    Set.new({a: 1}).to_a.should == [[:a, 1]]
  end

  it "maps through a block" do
    Set.new([1, 2]) { |x| x * 10 }.should == Set[10, 20]
  end

  it "raises ArgumentError for a non-enumerable" do
    -> { Set.new(3) }.should raise_error(ArgumentError, "value must be enumerable")
  end

  it "to_set converts arrays, ranges and hashes; returns self for a Set" do
    [1, 1, 2].to_set.should == Set[1, 2]
    (1..3).to_set.size.should == 3
    s = Set[1]
    s.to_set.should equal(s)
  end
end

describe "Set#add, #<<, #add?, #delete, #delete?, #merge, #subtract, #clear" do
  it "add and << return self; add? returns nil when present" do
    s = Set[1]
    s.add(2).should equal(s)
    (s << 3).should equal(s)
    s.add?(3).should be_nil
    s.add?(4).should equal(s)
    s.should == Set[1, 2, 3, 4]
  end

  it "delete returns self; delete? returns nil when absent" do
    s = Set[1, 2]
    s.delete(5).should equal(s)
    s.delete?(5).should be_nil
    s.delete?(1).should equal(s)
    s.to_a.should == [2]
  end

  it "merge takes several enumerables; subtract removes" do
    s = Set[1]
    s.merge([2, 3], Set[4]).should equal(s)
    s.subtract([1, 4])
    s.to_a.should == [2, 3]
    s.clear.should equal(s)
    s.empty?.should == true
  end
end

describe "Set#include?, #member?, #===, #size, #length, #empty?" do
  it "test membership with eql?/hash" do
    s = Set[1, "a", [2]]
    s.include?(1).should == true
    s.member?("a").should == true
    s.include?(1.0).should == false
    (s === [2]).should == true
    s.size.should == 3
    s.length.should == 3
  end

  it "=== works in case/when" do
    r = case :b
        when Set[:a, :b] then :yes
        else :no
        end
    r.should == :yes
  end
end

describe "Set algebra" do
  a = Set[1, 2, 3]
  b = Set[2, 3, 4]

  it "| union + , & intersection, - difference, ^ symmetric difference" do
    (a | b).should == Set[1, 2, 3, 4]
    (a + [9]).should == Set[1, 2, 3, 9]
    a.union(b).to_a.should == [1, 2, 3, 4]
    (a & b).should == Set[2, 3]
    a.intersection([3, 7]).should == Set[3]
    (a - b).should == Set[1]
    a.difference([1]).should == Set[2, 3]
    (a ^ b).to_a.should == [4, 1]
  end

  it "the operators do not modify the receiver" do
    a | b
    a - b
    a.should == Set[1, 2, 3]
  end

  it "the operators accept any enumerable but not other objects" do
    (a | [5]).size.should == 4
    -> { a | 3 }.should raise_error(ArgumentError, "value must be enumerable")
  end
end

describe "Set comparisons" do
  it "subset?/<=, proper_subset?/<, superset?/>=, proper_superset?/>" do
    s = Set[1, 2]
    s.subset?(Set[1, 2, 3]).should == true
    (s <= s).should == true
    (s < s).should == false
    s.proper_subset?(Set[1, 2, 3]).should == true
    Set[1, 2, 3].superset?(s).should == true
    (Set[1, 2, 3] > s).should == true
    (s >= Set[]).should == true
  end

  it "subset? requires a Set" do
    -> { Set[1].subset?([1]) }.should raise_error(ArgumentError, "value must be a set")
  end

  it "intersect? and disjoint? accept sets and enumerables" do
    Set[1, 2].intersect?(Set[2, 3]).should == true
    Set[1, 2].intersect?([3]).should == false
    Set[1, 2].disjoint?(Set[5]).should == true
    Set[1, 2].disjoint?([2]).should == false
  end

  it "<=> is 0, -1, 1 or nil" do
    (Set[1, 2] <=> Set[2, 1]).should == 0
    (Set[1] <=> Set[1, 2]).should == -1
    (Set[1, 2] <=> Set[1]).should == 1
    (Set[1] <=> Set[2]).should be_nil
    (Set[1] <=> [1]).should be_nil
  end

  it "== ignores order; eql? and hash make sets usable as Hash keys" do
    (Set[1, 2] == Set[2, 1]).should == true
    (Set[1] == [1]).should == false
    Set[1, 2].eql?(Set[2, 1]).should == true
    Set[1, 2].hash.should == Set[2, 1].hash
    h = {Set[1, 2] => :v}
    h[Set[2, 1]].should == :v
    Set[Set[1], Set[1]].size.should == 1
  end
end

describe "Set iteration and Enumerable" do
  it "each yields in insertion order and returns self" do
    s = Set[3, 1, 2]
    out = []
    s.each { |x| out << x }.should equal(s)
    out.should == [3, 1, 2]
    s.each.size.should == 3
  end

  it "Enumerable methods return Arrays or Hashes" do
    s = Set[1, 2, 3, 4]
    s.map { |x| x * 2 }.should == [2, 4, 6, 8]
    s.select(&:even?).should == [2, 4]
    s.sort_by { |x| -x }.should == [4, 3, 2, 1]
    s.group_by(&:odd?).should == {true => [1, 3], false => [2, 4]}
    s.partition(&:odd?).should == [[1, 3], [2, 4]]
    s.sum.should == 10
    s.min.should == 1
    s.minmax.should == [1, 4]
    s.first.should == 1
    s.first(2).should == [1, 2]
    s.each_slice(3).to_a.should == [[1, 2, 3], [4]]
    s.sort.should == [1, 2, 3, 4]
    s.to_a.should == [1, 2, 3, 4]
  end

  it "select!/filter!/reject!/delete_if/keep_if/map! modify in place" do
    s = Set[1, 2, 3, 4]
    s.select!(&:even?).should equal(s)
    s.select! { true }.should be_nil
    s.reject! { |x| x > 3 }.should == Set[2]
    s.reject! { false }.should be_nil
    t = Set[1, 2, 3]
    t.delete_if(&:odd?).should == Set[2]
    t.keep_if { false }.should == Set[]
    Set[1, 2].map! { |x| x * 3 }.should == Set[3, 6]
  end

  it "classify, divide, join, flatten" do
    Set[1, 2, 3].classify(&:odd?).should == {true => Set[1, 3], false => Set[2]}
    Set[1, 2, 3].divide(&:odd?).should == Set[Set[1, 3], Set[2]]
    Set[1, 2].join("-").should == "1-2"
    Set[1, Set[2, Set[3]]].flatten.should == Set[1, 2, 3]
  end
end

describe "Set#inspect and #to_s" do
  it "use Ruby 3.4's format" do
    Set[1, 2].inspect.should == "#<Set: {1, 2}>"
    Set[].inspect.should == "#<Set: {}>"
    Set["a", :b, [1]].to_s.should == '#<Set: {"a", :b, [1]}>'
  end

  it "show recursion as {...}" do
    s = Set[1]
    s << s
    s.inspect.should == "#<Set: {1, #<Set: {...}>}>"
  end
end

describe "Set#freeze, #dup, #frozen?" do
  it "a frozen set rejects modification" do
    s = Set[1, 2].freeze
    s.frozen?.should == true
    -> { s << 3 }.should raise_error(FrozenError, "can't modify frozen Hash: {1 => true, 2 => true}")
    -> { s.delete(1) }.should raise_error(FrozenError)
    (s | [3]).should == Set[1, 2, 3]
  end

  it "dup gives an independent copy" do
    s = Set[1]
    d = s.dup
    d << 2
    s.should == Set[1]
    d.should == Set[1, 2]
  end

  it "compare_by_identity compares elements by identity" do
    s = Set.new.compare_by_identity
    s << "a" << "a"
    s.size.should == 2
    s.compare_by_identity?.should == true
  end
end
