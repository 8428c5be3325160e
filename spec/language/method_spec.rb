require_relative '../spec_helper'
require_relative 'fixtures/method'

describe "Object#method" do
  before :each do
    @c = LangMethodSpecs::Calc.new(10)
  end

  it "returns a Method that calls the method on the receiver" do
    m = @c.method(:add)
    m.should be_kind_of(Method)
    m.call(5).should == 15
    m.(1).should == 11
    m[2].should == 12
  end

  it "accepts a String name" do
    @c.method("add").call(1).should == 11
  end

  it "reports name, owner, receiver and arity" do
    m = @c.method(:add)
    m.name.should == :add
    m.owner.should == LangMethodSpecs::Calc
    m.receiver.should equal(@c)
    m.arity.should == 1
  end

  it "reports arity for optional, rest and required keyword parameters" do
    @c.method(:two).arity.should == -3
  end

  it "reports parameters" do
    @c.method(:two).parameters.should == [[:req, :a], [:opt, :b], [:rest, :r], [:keyreq, :k], [:block, :blk]]
  end

  it "converts to a lambda with to_proc" do
    pr = @c.method(:add).to_proc
    pr.lambda?.should == true
    [1, 2].map(&pr).should == [11, 12]
  end

  it "is passed as a block with &" do
    [1, 2].map(&@c.method(:add)).should == [11, 12]
  end

  it "passes a block through call" do
    @c.method(:yielder).call { |b| b * 3 }.should == 30
  end

  it "returns Methods for core methods" do
    m = 5.method(:+)
    m.call(3).should == 8
    [1, 2, 3].map(&2.method(:*)).should == [2, 4, 6]
  end

  it "returns private methods" do
    @c.method(:secret).call.should == :s
  end

  it "raises NameError for an unknown method" do
    -> { @c.method(:nope_zz) }.should raise_error(NameError, /undefined method 'nope_zz' for/)
  end

  it "can be unbound and rebound to another instance" do
    um = @c.method(:add).unbind
    um.should be_kind_of(UnboundMethod)
    um.bind(LangMethodSpecs::Calc.new(100)).call(1).should == 101
  end

  it "compares equal for the same receiver and method" do
    (@c.method(:add) == @c.method(:add)).should == true
  end

  it "calls the subclass override when looked up on a subclass instance" do
    LangMethodSpecs::SubCalc.new(1).method(:add).call(1).should == 4
  end

  it "has a super_method" do
    sm = LangMethodSpecs::SubCalc.new(1).method(:add).super_method
    sm.owner.should == LangMethodSpecs::Calc
    sm.call(1).should == 2
  end
end

describe "Object#public_method" do
  it "returns a Method for a public method" do
    LangMethodSpecs::Calc.new(1).public_method(:add).call(1).should == 2
  end

  it "raises NameError for a private method" do
    -> { LangMethodSpecs::Calc.new(1).public_method(:secret) }.should raise_error(NameError, "method 'secret' for class 'LangMethodSpecs::Calc' is private")
  end

  it "raises NameError for a protected method" do
    -> { LangMethodSpecs::Calc.new(1).public_method(:prot) }.should raise_error(NameError, "method 'prot' for class 'LangMethodSpecs::Calc' is protected")
  end
end

describe "Module#instance_method" do
  it "returns an UnboundMethod" do
    um = LangMethodSpecs::Calc.instance_method(:add)
    um.should be_kind_of(UnboundMethod)
    um.name.should == :add
    um.owner.should == LangMethodSpecs::Calc
  end

  it "can be bound to an instance and called" do
    um = LangMethodSpecs::Calc.instance_method(:add)
    um.bind(LangMethodSpecs::Calc.new(3)).call(4).should == 7
  end

  it "can be called with bind_call" do
    LangMethodSpecs::Calc.instance_method(:add).bind_call(LangMethodSpecs::Calc.new(3), 1).should == 4
  end

  it "binds a superclass method to a subclass instance, bypassing the override" do
    um = LangMethodSpecs::Calc.instance_method(:add)
    um.bind(LangMethodSpecs::SubCalc.new(1)).call(1).should == 2
  end

  it "binds a module method to any object of a class that includes it" do
    um = LangMethodSpecs::Helper.instance_method(:helper_m)
    um.bind(LangMethodSpecs::UsesHelper.new).call.should == [:helper, LangMethodSpecs::UsesHelper]
  end

  it "raises TypeError when binding to an unrelated object" do
    um = LangMethodSpecs::Calc.instance_method(:add)
    -> { um.bind("str") }.should raise_error(TypeError, "bind argument must be an instance of LangMethodSpecs::Calc")
  end

  it "raises NameError for an unknown method" do
    -> { LangMethodSpecs::Calc.instance_method(:nope_zz) }.should raise_error(NameError, /undefined method 'nope_zz' for class 'LangMethodSpecs::Calc'/)
  end

  it "binds a core method" do
    Integer.instance_method(:to_s).bind(255).call(16).should == "ff"
    Kernel.instance_method(:class).bind_call("x").should == String
  end
end

describe "A method call" do
  it "evaluates arguments left to right" do
    log = []
    a = -> (x) { log << x; x }
    [a.(1), a.(2), a.(3)]
    log.should == [1, 2, 3]
  end

  it "splats an array into arguments" do
    args = [1, 2]
    LangMethodSpecs::Calc.new(0).method(:add).call(*args[0, 1]).should == 1
    [*args, 3].should == [1, 2, 3]
  end

  it "passes a hash with ** and keywords together" do
    def lang_kw_m(**kw) kw end
    h = {a: 1}
    lang_kw_m(**h, b: 2).should == {a: 1, b: 2}
  end

  it "passes shorthand hash values" do
    def lang_kw_m2(x:, y:) [x, y] end
    x = 1
    y = 2
    lang_kw_m2(x:, y:).should == [1, 2]
  end

  it "chains calls across lines with leading dots" do
    r = [3, 1, 2]
      .sort
      .map { |x| x * 2 }
    r.should == [2, 4, 6]
  end

  it "uses the safe navigation operator" do
    nil&.length.should be_nil
    "ab"&.length.should == 2
  end
end
