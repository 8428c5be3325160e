require_relative '../../spec_helper'

describe "Hash.new with a default" do
  it "Hash.new(0) returns 0 for missing keys without storing them" do
    h = Hash.new(0)
    h[:x].should == 0
    h.size.should == 0
    "abca".each_char { |c| h[c] += 1 }
    h.should == {"a" => 2, "b" => 1, "c" => 1}
    h.default.should == 0
  end

  it "shares one default object between missing keys" do
    h = Hash.new([])
    h[:a] << 1
    h[:b].should == [1]
    h.size.should == 0
  end

  it "Hash.new with a block calls it for missing keys" do
    h = Hash.new { |hash, k| hash[k] = [] }
    h[:a] << 1
    h[:a] << 2
    h[:b] << 3
    h.should == {a: [1, 2], b: [3]}
    h.default_proc.should be_kind_of(Proc)
  end

  it "the block may compute without storing" do
    h = Hash.new { |_, k| k * 2 }
    h[4].should == 8
    h.key?(4).should == false
  end

  it "fetch and dig ignore the default, dig uses it" do
    h = Hash.new(5)
    -> { h.fetch(:a) }.should raise_error(KeyError)
    h.dig(:a).should == 5
  end

  it "default= and default_proc= replace each other" do
    h = Hash.new { 1 }
    h.default = 7
    h.default_proc.should be_nil
    h[:z].should == 7
    h.default_proc = proc { |_, k| k.to_s }
    h.default.should be_nil
    h[:q].should == "q"
  end

  it "Hash.new raises ArgumentError given both a default and a block" do
    -> { Hash.new(1) { 2 } }.should raise_error(ArgumentError)
  end

  it "to_a, merge and select keep the default only where CRuby does" do
    h = Hash.new(0)
    h[:a] = 1
    h.select { true }[:zz].should be_nil
    h.merge({})[:zz].should == 0
  end
end

describe "Hash#compare_by_identity" do
  it "compares keys by identity" do
    h = {}.compare_by_identity
    a = "k"
    b = "k"
    h[a] = 1
    h[b] = 2
    h.size.should == 2
    h[a].should == 1
    h["k"].should be_nil
    h.compare_by_identity?.should == true
    {}.compare_by_identity?.should == false
  end

  it "still finds Symbols and small Integers" do
    h = {}.compare_by_identity
    h[:s] = 1
    h[3] = 2
    h[:s].should == 1
    h[3].should == 2
  end
end

describe "Hash#each and friends" do
  it "each/each_pair yield key and value in insertion order and return self" do
    h = {a: 1, b: 2}
    out = []
    h.each { |k, v| out << k << v }.should equal(h)
    h.each_pair { |pair| out << pair }
    out.should == [:a, 1, :b, 2, [:a, 1], [:b, 2]]
  end

  it "each_key, each_value, each_with_index" do
    out = []
    {a: 1}.each_key { |k| out << k }
    {a: 1}.each_value { |v| out << v }
    {a: 1}.each_with_index { |(k, v), i| out << [k, v, i] }
    out.should == [:a, 1, [:a, 1, 0]]
  end

  it "raises when a key is added during iteration" do
    h = {a: 1}
    -> { h.each { h[:new] = 1 } }.should raise_error(RuntimeError, "can't add a new key into hash during iteration")
  end

  it "allows deleting and updating existing keys during iteration" do
    h = {a: 1, b: 2, c: 3}
    h.each { |k, v| h.delete(k) if v.odd? }
    h.should == {b: 2}
    h.each { |k, v| h[k] = v * 10 }
    h.should == {b: 20}
  end

  it "returns an Enumerator without a block" do
    {a: 1}.each.to_a.should == [[:a, 1]]
    {a: 1, b: 2}.each_with_index.map { |(k, v), i| [k, i] }.should == [[:a, 0], [:b, 1]]
  end
end

describe "Hash#select, #filter, #reject, #filter_map, #partition, #find_all" do
  it "select/filter/reject return Hashes" do
    h = {a: 1, b: 2, c: 3}
    h.select { |k, v| v.odd? }.should == {a: 1, c: 3}
    h.filter { |k, v| k == :b }.should == {b: 2}
    h.reject { |k, v| v.odd? }.should == {b: 2}
  end

  it "filter_map, partition and find_all return Arrays" do
    h = {a: 1, b: 2}
    h.filter_map { |k, v| k if v > 1 }.should == [:b]
    h.partition { |k, v| v > 1 }.should == [[[:b, 2]], [[:a, 1]]]
    h.find_all { |k, v| v > 0 }.should == [[:a, 1], [:b, 2]]
  end

  it "select!/keep_if/delete_if/reject! modify in place" do
    h = {a: 1, b: 2, c: 3}
    h.select! { |k, v| v > 1 }.should == {b: 2, c: 3}
    h.select! { true }.should be_nil
    h.delete_if { |k, v| v == 2 }.should == {c: 3}
    h.reject! { false }.should be_nil
    h.keep_if { false }.should == {}
  end
end

describe "Hash#transform_values, #transform_keys, #group_by, #to_a, #sum, #any?, #all?" do
  it "transform_values and transform_keys" do
    h = {a: 1, b: 2}
    h.transform_values { |v| v * 10 }.should == {a: 10, b: 20}
    h.transform_keys(&:to_s).should == {"a" => 1, "b" => 2}
    h.transform_keys({a: :x}).should == {x: 1, b: 2}
    h.transform_values!(&:to_s)
    h.should == {a: "1", b: "2"}
  end

  it "group_by and each_with_object" do
    {a: 1, b: 2, c: 3}.group_by { |k, v| v.odd? }.should == {true => [[:a, 1], [:c, 3]], false => [[:b, 2]]}
  end

  it "any?/all?/none?/count" do
    h = {a: 1, b: 2}
    h.any? { |k, v| v > 1 }.should == true
    h.all? { |k, v| v > 1 }.should == false
    h.none? { |k, v| v > 5 }.should == true
    {}.any?.should == false
    h.count.should == 2
  end

  it "min_by/max_by/sort_by/sum work on pairs" do
    {a: 2, b: 1}.min_by { |_, v| v }.should == [:b, 1]
    {a: 2, b: 1}.sum { |_, v| v }.should == 3
  end
end

describe "Hash#inspect" do
  it "uses Ruby 3.4's format" do
    {a: 1, "k" => 2}.inspect.should == '{a: 1, "k" => 2}'
    {1 => :x, nil => nil, [1] => {b: 2}}.inspect.should == '{1 => :x, nil => nil, [1] => {b: 2}}'
    {}.inspect.should == "{}"
    {"a b": 1}.inspect.should == '{"a b": 1}'
    {:+ => 1}.inspect.should == "{\"+\": 1}"
    {a?: 1, b!: 2}.inspect.should == "{a?: 1, b!: 2}"
    {a: 1}.to_s.should == "{a: 1}"
  end

  it "shows a recursive hash as {...}" do
    h = {}
    h[:self] = h
    h.inspect.should == "{self: {...}}"
  end
end

describe "Hash[] and Array#to_h" do
  it "build hashes from pairs" do
    Hash[[[:a, 1], [:b, 2]]].should == {a: 1, b: 2}
    Hash[:a, 1, :b, 2].should == {a: 1, b: 2}
    [[1, 2]].to_h.should == {1 => 2}
    [1, 2].to_h { |x| [x, x * x] }.should == {1 => 1, 2 => 4}
  end

  it "to_h raises for elements that are not pairs" do
    -> { [1].to_h }.should raise_error(TypeError, "wrong element type Integer at 0 (expected array)")
    -> { [[1]].to_h }.should raise_error(ArgumentError, "wrong array length at 0 (expected 2, was 1)")
  end
end
