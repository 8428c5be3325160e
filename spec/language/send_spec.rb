require_relative '../spec_helper'
require_relative 'fixtures/send'

describe "Object#send" do
  before :each do
    @t = LangSendSpecs::Target.new
  end

  it "calls a method named by a Symbol" do
    @t.send(:pub, 1).should == [:pub, 1, 0]
  end

  it "calls a method named by a String" do
    @t.send("pub", 1, 2).should == [:pub, 1, 2]
  end

  it "calls a method whose name is only known at run time" do
    name = LangSendSpecs.sym_from("p" + "ub")
    @t.send(name, 5).should == [:pub, 5, 0]
    names = [:pub, :with_kw]
    names.map { |n| @t.send(n, 1) }.should == [[:pub, 1, 0], [1, 1]]
  end

  it "passes keywords" do
    @t.send(:with_kw, 1, k: 2).should == [1, 2]
  end

  it "passes a block" do
    @t.send(:with_blk) { :blk }.should == :blk
  end

  it "passes splat, double splat and block pass" do
    args = [1, 2]
    kw = {z: 3}
    pr = proc { :p }
    @t.send(:with_all, *args, **kw, &pr).should == [[1, 2], {z: 3}, :p]
  end

  it "calls private methods" do
    @t.send(:priv).should == :private_called
  end

  it "calls protected methods" do
    @t.send(:prot).should == :protected_called
  end

  it "calls operator methods" do
    @t.send(:+, 1).should == [:plus, 1]
    @t.send(:-@).should == :neg
    @t.send(:[]=, :k, :v)
    @t.h.should == [:k, :v]
  end

  it "calls core methods" do
    1.send(:+, 2).should == 3
    "abc".send(:upcase).should == "ABC"
    [3, 1, 2].send(:sort).should == [1, 2, 3]
  end

  it "raises NoMethodError for an unknown method" do
    -> { @t.send(:nope_zz) }.should raise_error(NoMethodError, /undefined method 'nope_zz' for an instance of LangSendSpecs::Target/)
  end

  it "raises ArgumentError for wrong arity" do
    -> { @t.send(:pub) }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1..2)")
  end

  it "raises ArgumentError without a method name" do
    -> { @t.send }.should raise_error(ArgumentError)
  end
end

describe "Object#__send__" do
  it "calls a method like send, including private ones" do
    t = LangSendSpecs::Target.new
    t.__send__(:pub, 1).should == [:pub, 1, 0]
    t.__send__(:priv).should == :private_called
  end
end

describe "Object#public_send" do
  before :each do
    @t = LangSendSpecs::Target.new
  end

  it "calls public methods" do
    @t.public_send(:pub, 1).should == [:pub, 1, 0]
    @t.public_send("with_kw", 2, k: 3).should == [2, 3]
  end

  it "raises NoMethodError for a private method" do
    -> { @t.public_send(:priv) }.should raise_error(NoMethodError, /private method 'priv' called for an instance of LangSendSpecs::Target/)
  end

  it "raises NoMethodError for a protected method" do
    -> { @t.public_send(:prot) }.should raise_error(NoMethodError, /protected method 'prot' called for an instance of LangSendSpecs::Target/)
  end

  it "passes a block" do
    @t.public_send(:with_blk) { 9 }.should == 9
  end
end
