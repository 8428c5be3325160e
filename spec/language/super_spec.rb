require_relative '../spec_helper'
require_relative 'fixtures/super'

describe "The super keyword" do
  it "without arguments passes the method's current arguments" do
    LangSuperSpecs::Zsuper.new.m(1, 2).should == [:base, [1, 2], {}, nil]
  end

  it "without arguments passes reassigned parameter values" do
    LangSuperSpecs::Zsuper.new.one(3).should == [:base_one, 30]
  end

  it "without arguments passes optional parameter defaults of the subclass" do
    LangSuperSpecs::Zsuper.new.opt(1).should == [:base_opt, 1, 7]
  end

  it "without arguments passes keyword parameters" do
    LangSuperSpecs::Zsuper.new.kw(a: 1).should == [:base_kw, 1, 5]
  end

  it "without arguments passes the block" do
    LangSuperSpecs::Zsuper.new.blk { :given }.should == :given
  end

  it "with explicit arguments passes only those" do
    LangSuperSpecs::Explicit.new.m(1, 2).should == [:base, [1], {}, nil]
    LangSuperSpecs::Explicit.new.one(1).should == [:base_one, 2]
  end

  it "with explicit arguments and a literal block passes that block" do
    LangSuperSpecs::Explicit.new.blk.should == :explicit_block
  end

  it "with empty parentheses passes no arguments" do
    LangSuperSpecs::Empty.new.m(5).should == [:base, [], {}, nil]
  end

  it "passes a block given with &" do
    LangSuperSpecs::BlockPass.new.blk { :passed }.should == :passed
  end

  it "works from inside a block in the method" do
    LangSuperSpecs::InBlock.new.one(4).should == [:base_one, 4]
  end

  it "calls the superclass's class method" do
    LangSuperSpecs::Cm.cm(1).should == [:sub_cm, [:base_cm, 1]]
  end

  it "calls the superclass's initialize" do
    o = LangSuperSpecs::Init.new(1, 2)
    o.v.should == 1
    o.w.should == 2
  end

  it "returns the superclass method's value" do
    LangSuperSpecs::ToS.new.to_s.should == "Sub<Base>"
  end

  it "goes through included modules in ancestor order" do
    LangSuperSpecs::WithMixin.new.one(1).should == [:class, [:mixin, [:base_one, 1]]]
  end

  it "goes from a prepended module to the class" do
    LangSuperSpecs::WithPrepend.new.one(1).should == [:pre, [:own, [:base_one, 1]]]
  end

  it "chains through several levels" do
    LangSuperSpecs::Grand.new.one(2).should == [:grand, [:base_one, 20]]
  end

  it "raises NoMethodError when no superclass method exists" do
    -> { LangSuperSpecs::NoSuper.new.nope }.should raise_error(NoMethodError, /super: no superclass method 'nope'/)
  end

  it "calls method_missing of the superclass when no superclass method exists" do
    LangSuperSpecs::MMSub.new.ghost(1).should == [:mm, :ghost, [1]]
  end
end
