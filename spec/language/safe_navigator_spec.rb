require_relative '../spec_helper'

module LangSafeNavSpecs
  class Node
    attr_accessor :next_node, :value
    def initialize(v, n = nil) @value = v; @next_node = n end
    def called(log) log << :called; self end
  end
end

describe "Safe navigator" do
  it "returns nil when the receiver is nil" do
    nil&.length.should be_nil
  end

  it "calls the method when the receiver is not nil" do
    "abc"&.length.should == 3
  end

  it "calls the method on false" do
    false&.to_s.should == "false"
  end

  it "does not evaluate arguments when the receiver is nil" do
    log = []
    nil&.foo(log << :arg)
    log.should == []
  end

  it "does not short-circuit a later plain call in the chain" do
    x = nil
    -> { x&.length.foo }.should raise_error(NoMethodError, "undefined method 'foo' for nil")
  end

  it "chains through objects" do
    n = LangSafeNavSpecs::Node.new(1, LangSafeNavSpecs::Node.new(2))
    n.next_node&.value.should == 2
    n.next_node&.next_node&.value.should be_nil
  end

  it "passes a block" do
    [1, 2]&.map { |x| x * 2 }.should == [2, 4]
    nil&.map { |x| x * 2 }.should be_nil
  end

  it "assigns an attribute with &.=" do
    n = LangSafeNavSpecs::Node.new(1)
    n&.value = 5
    n.value.should == 5
    m = nil
    (m&.value = 5).should be_nil
  end

  it "supports op-assign" do
    n = LangSafeNavSpecs::Node.new(1)
    n&.value += 2
    n.value.should == 3
    m = nil
    m&.value += 2
    m.should be_nil
  end

  it "supports ||=" do
    n = LangSafeNavSpecs::Node.new(nil)
    n&.value ||= :set
    n.value.should == :set
  end

  it "raises NoMethodError for an undefined method on a non-nil receiver" do
    -> { 1&.nope_zz }.should raise_error(NoMethodError)
  end

  it "evaluates the receiver once" do
    log = []
    n = LangSafeNavSpecs::Node.new(1)
    n.called(log)&.value.should == 1
    log.should == [:called]
  end
end
