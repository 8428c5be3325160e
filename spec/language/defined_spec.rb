require_relative '../spec_helper'

module LangDefinedSpecs
  class Thing
    @@cv = 1
    def self.cv_defined() defined?(@@cv) end
    def self.cv_missing() defined?(@@cv_missing) end
    attr_accessor :x
    def initialize() @iv = 1 end
    def has_iv() defined?(@iv) end
    def no_iv() defined?(@missing_iv) end
    def sup() defined?(super) end
    def yld() defined?(yield) end
    private def priv() end
    def call_priv() defined?(priv) end
  end
  class SubThing < Thing
    def sup() defined?(super) end
    def to_s() defined?(super) end
  end
  CONST = 1
end

describe "The defined? keyword" do
  it "returns 'local-variable' for a local" do
    a = 1
    defined?(a).should == "local-variable"
  end

  it "returns nil for an undefined name" do
    defined?(lang_nothing_zz).should be_nil
  end

  it "returns 'method' for a method call" do
    defined?(puts).should == "method"
    defined?("".upcase).should == "method"
    defined?("".nope_zz).should be_nil
  end

  it "returns 'expression' for literals, and 'nil', 'true' for those keywords" do
    defined?(1).should == "expression"
    defined?("s").should == "expression"
    defined?(nil).should == "nil"
    defined?(true).should == "true"
    defined?(false).should == "false"
  end

  it "returns 'instance-variable' for a set instance variable" do
    LangDefinedSpecs::Thing.new.has_iv.should == "instance-variable"
    LangDefinedSpecs::Thing.new.no_iv.should be_nil
  end

  it "returns 'global-variable' for an assigned global" do
    $lang_def_g = 1
    defined?($lang_def_g).should == "global-variable"
    defined?($lang_def_never_zz).should be_nil
  end

  it "returns 'constant' for a constant" do
    defined?(LangDefinedSpecs::CONST).should == "constant"
    defined?(String).should == "constant"
    defined?(LangDefinedSpecs::NOPE).should be_nil
  end

  it "returns 'assignment' for an assignment without performing it" do
    x = 1
    defined?(x = 2).should == "assignment"
    x.should == 1
  end

  it "returns 'super' when a superclass method exists" do
    LangDefinedSpecs::Thing.new.sup.should be_nil
    LangDefinedSpecs::SubThing.new.to_s.should == "super"
  end

  it "returns 'yield' when a block is given" do
    LangDefinedSpecs::Thing.new.yld { }.should == "yield"
    LangDefinedSpecs::Thing.new.yld.should be_nil
  end

  it "returns 'self' for self" do
    defined?(self).should == "self"
  end

  it "returns 'method' for a private method called without a receiver" do
    LangDefinedSpecs::Thing.new.call_priv.should == "method"
  end

  it "returns nil for a private method called with a receiver" do
    t = LangDefinedSpecs::Thing.new
    defined?(t.priv).should be_nil
  end

  it "does not raise for a nested undefined receiver" do
    defined?(lang_nope_zz.foo).should be_nil
    defined?(LangDefinedSpecs::Nope::Deeper).should be_nil
  end

  it "returns 'method' for an attribute reader" do
    t = LangDefinedSpecs::Thing.new
    defined?(t.x).should == "method"
  end

  it "returns 'class variable' for a class variable" do
    LangDefinedSpecs::Thing.cv_defined.should == "class variable"
    LangDefinedSpecs::Thing.cv_missing.should be_nil
  end
end
