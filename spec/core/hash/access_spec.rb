require_relative '../../spec_helper'

describe "Hash#[] and #[]=" do
  it "store and look up Integer, Symbol, String and Array keys" do
    h = {}
    h[1] = :int
    h[:s] = :sym
    h["k"] = :str
    h[[1, 2]] = :ary
    h[1].should == :int
    h[:s].should == :sym
    h["k"].should == :str
    h[[1, 2]].should == :ary
    h[2].should be_nil
  end

  it "uses eql? for keys: 1 and 1.0 are different keys" do
    h = {1 => :a}
    h[1.0].should be_nil
    h[1.0] = :b
    h.size.should == 2
  end

  it "dups and freezes an unfrozen String key" do
    k = +"key"
    h = {}
    h[k] = 1
    k << "x"
    h["key"].should == 1
    h.keys.first.frozen?.should == true
  end

  it "keeps insertion order; reassigning a key keeps its position" do
    h = {b: 1, a: 2}
    h[:c] = 3
    h[:b] = 9
    h.keys.should == [:b, :a, :c]
  end

  it "raises FrozenError on a frozen hash" do
    -> { {a: 1}.freeze[:b] = 2 }.should raise_error(FrozenError, "can't modify frozen Hash: {a: 1}")
  end
end

describe "Hash#fetch" do
  it "returns the value, the default argument or the block's value" do
    h = {a: 1}
    h.fetch(:a).should == 1
    h.fetch(:b, 0).should == 0
    h.fetch(:b) { |k| k.to_s }.should == "b"
  end

  it "raises KeyError with the key and receiver" do
    -> { {a: 1}.fetch(:b) }.should raise_error(KeyError, "key not found: :b")
    -> { {}.fetch("x") }.should raise_error(KeyError, 'key not found: "x"')
    begin
      {a: 1}.fetch(:zz)
    rescue KeyError => e
      e.key.should == :zz
      e.receiver.should == {a: 1}
    end
  end
end

describe "Hash#key?, #value?, #key, #dig, #values_at, #fetch_values" do
  it "key?/has_key?/include?/member? test keys, value?/has_value? values" do
    h = {a: 1, "b" => nil}
    h.key?(:a).should == true
    h.has_key?("b").should == true
    h.include?(:z).should == false
    h.member?(:a).should == true
    h.value?(nil).should == true
    h.has_value?(2).should == false
  end

  it "key returns the first key for a value" do
    {a: 1, b: 2, c: 2}.key(2).should == :b
    {a: 1}.key(5).should be_nil
  end

  it "dig digs through nested structures" do
    {a: {b: [10, 20]}}.dig(:a, :b, 1).should == 20
    {a: nil}.dig(:a, :b).should be_nil
    -> { {a: 1}.dig(:a, :b) }.should raise_error(TypeError, "Integer does not have #dig method")
  end

  it "values_at and fetch_values" do
    h = {a: 1, b: 2}
    h.values_at(:a, :z, :b).should == [1, nil, 2]
    h.fetch_values(:b, :a).should == [2, 1]
    -> { h.fetch_values(:z) }.should raise_error(KeyError, "key not found: :z")
  end
end

describe "Hash#delete, #clear, #shift, #replace" do
  it "delete removes and returns the value, or the block's value" do
    h = {a: 1, b: 2}
    h.delete(:a).should == 1
    h.delete(:a).should be_nil
    h.delete(:a) { |k| "no #{k}" }.should == "no a"
    h.should == {b: 2}
  end

  it "shift removes the first pair" do
    h = {a: 1, b: 2}
    h.shift.should == [:a, 1]
    h.should == {b: 2}
    {}.shift.should be_nil
  end

  it "clear and replace" do
    h = {a: 1}
    h.clear.should equal(h)
    h.empty?.should == true
    h.replace({b: 2}).should == {b: 2}
  end
end

describe "Hash#keys, #values, #size, #to_a, #length, #empty?" do
  it "return keys and values in insertion order" do
    h = {x: 1, y: 2}
    h.keys.should == [:x, :y]
    h.values.should == [1, 2]
    h.to_a.should == [[:x, 1], [:y, 2]]
    h.size.should == 2
    h.length.should == 2
    {}.empty?.should == true
  end
end

describe "Hash#merge, #merge!, #update" do
  it "merge returns a new hash; later hashes win" do
    h = {a: 1, b: 2}
    h.merge({b: 3, c: 4}).should == {a: 1, b: 3, c: 4}
    h.should == {a: 1, b: 2}
    h.merge({a: 0}, {d: 5}).should == {a: 0, b: 2, d: 5}
  end

  it "merge with a block resolves conflicts" do
    {a: 1, b: 2}.merge({b: 3}) { |k, old, new| old + new }.should == {a: 1, b: 5}
  end

  it "merge!/update modify the receiver" do
    h = {a: 1}
    h.merge!({b: 2}).should equal(h)
    h.update({a: 5}) { |_, o, n| o * n }
    h.should == {a: 5, b: 2}
  end
end

describe "Hash#== and #eql? and #hash" do
  it "compare contents regardless of order" do
    ({a: 1, b: 2} == {b: 2, a: 1}).should == true
    ({a: 1} == {a: 1.0}).should == true
    {a: 1}.eql?({a: 1.0}).should == false
    {a: 1, b: 2}.hash.should == {b: 2, a: 1}.hash
  end
end

describe "Hash#invert, #to_h, #compact, #min_by, #sort, #sum" do
  it "invert swaps keys and values" do
    {a: 1, b: 2}.invert.should == {1 => :a, 2 => :b}
  end

  it "to_h with a block maps pairs" do
    {a: 1}.to_h { |k, v| [v, k] }.should == {1 => :a}
  end

  it "compact drops nil values" do
    {a: nil, b: 1}.compact.should == {b: 1}
  end

  it "Enumerable methods see [key, value] pairs" do
    h = {a: 3, b: 1, c: 2}
    h.min_by { |k, v| v }.should == [:b, 1]
    h.sort_by { |k, v| v }.should == [[:b, 1], [:c, 2], [:a, 3]]
    h.sort.should == [[:a, 3], [:b, 1], [:c, 2]]
    h.sum { |k, v| v }.should == 6
    h.count { |k, v| v > 1 }.should == 2
    h.find { |k, v| v == 2 }.should == [:c, 2]
    h.map { |k, v| "#{k}#{v}" }.should == ["a3", "b1", "c2"]
    h.each_with_object([]) { |(k, v), acc| acc << k }.should == [:a, :b, :c]
    h.max_by { |_, v| v }.first.should == :a
  end
end
