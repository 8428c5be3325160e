require_relative '../spec_helper'

module LangFreezeSpecs
  class Obj
    attr_accessor :a, :list
    def initialize() @a = 1; @list = [1] end
    def set_a(v) @a = v end
    def initialize_copy(src)
      super
      @list = src.list.dup
    end
  end
  class Plain
    attr_accessor :v
  end
end

describe "Object#freeze" do
  it "makes frozen? true and returns self" do
    o = LangFreezeSpecs::Obj.new
    o.frozen?.should == false
    o.freeze.should equal(o)
    o.frozen?.should == true
  end

  it "prevents instance variable assignment with FrozenError" do
    o = LangFreezeSpecs::Obj.new.freeze
    -> { o.a = 2 }.should raise_error(FrozenError, /can't modify frozen LangFreezeSpecs::Obj: #<LangFreezeSpecs::Obj:0x[0-9a-f]+ @a=1, @list=\[1\]>/)
    -> { o.set_a(2) }.should raise_error(FrozenError)
    o.a.should == 1
  end

  it "exposes the receiver on FrozenError" do
    s = "abc".freeze
    begin
      s << "d"
    rescue FrozenError => e
      e.receiver.should equal(s)
      e.message.should == "can't modify frozen String: \"abc\""
    end
  end

  it "is shallow" do
    o = LangFreezeSpecs::Obj.new.freeze
    o.list << 2
    o.list.should == [1, 2]
  end

  it "freezes strings, arrays and hashes" do
    -> { "x".dup.freeze << "y" }.should raise_error(FrozenError)
    -> { [1].freeze << 2 }.should raise_error(FrozenError, "can't modify frozen Array: [1]")
    -> { {a: 1}.freeze[:b] = 2 }.should raise_error(FrozenError, "can't modify frozen Hash: {a: 1}")
  end

  it "prevents defining singleton methods" do
    o = Object.new.freeze
    -> { def o.x() end }.should raise_error(FrozenError)
  end

  it "is always true for Integers, Symbols, nil and literal ranges" do
    1.frozen?.should == true
    :s.frozen?.should == true
    nil.frozen?.should == true
    (1..2).frozen?.should == true
  end

  it "makes FrozenError a RuntimeError" do
    FrozenError.ancestors.include?(RuntimeError).should == true
  end
end

describe "Object#dup" do
  it "copies instance variables into a new object" do
    o = LangFreezeSpecs::Plain.new
    o.v = [1]
    d = o.dup
    d.should_not equal(o)
    d.v.should equal(o.v)
  end

  it "returns an unfrozen copy of a frozen object" do
    o = LangFreezeSpecs::Plain.new.freeze
    o.dup.frozen?.should == false
  end

  it "does not copy singleton methods" do
    o = Object.new
    def o.sing() :s end
    o.dup.respond_to?(:sing).should == false
  end

  it "calls initialize_copy" do
    o = LangFreezeSpecs::Obj.new
    d = o.dup
    d.list << 2
    o.list.should == [1]
  end

  it "copies strings and arrays" do
    s = "abc".freeze
    d = s.dup
    d << "d"
    d.should == "abcd"
    a = [1, [2]]
    b = a.dup
    b << 3
    a.should == [1, [2]]
    b[1].should equal(a[1])
  end

  it "returns the same object for immediates" do
    1.dup.should == 1
    :a.dup.should == :a
    nil.dup.should be_nil
  end
end

describe "Object#clone" do
  it "keeps the frozen state" do
    o = LangFreezeSpecs::Plain.new.freeze
    o.clone.frozen?.should == true
  end

  it "drops the frozen state with freeze: false" do
    o = LangFreezeSpecs::Plain.new.freeze
    o.clone(freeze: false).frozen?.should == false
  end

  it "copies singleton methods" do
    o = Object.new
    def o.sing() :s end
    o.clone.sing.should == :s
  end

  it "calls initialize_copy" do
    o = LangFreezeSpecs::Obj.new
    c = o.clone
    c.list << 5
    o.list.should == [1]
  end
end
