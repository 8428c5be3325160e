require_relative '../spec_helper'
require_relative 'fixtures/constants'

describe "Constant lookup" do
  it "finds constants in the lexical scope" do
    LangConstSpecs::Outer::Inner.new.lexical.should == :outer
    LangConstSpecs::Child.new.lexical_top.should == :lang_top
  end

  it "finds constants in superclasses" do
    LangConstSpecs::Child.new.inherited_const.should == :parent
  end

  it "finds constants in included modules" do
    LangConstSpecs::WithMixin.new.from_mixin.should == :mixin
  end

  it "prefers the class's own constant over the superclass's" do
    LangConstSpecs::Child.new.child_shadow.should == :child_shadow
    LangConstSpecs::Parent.new.shadow.should == :parent_shadow
  end

  it "uses lexical scope of the method definition, not the receiver's class" do
    LangConstSpecs::Child.new.shadow.should == :parent_shadow
  end

  it "does not search the outer module of a compact class definition" do
    LangConstSpecs::Outer::Compact.new.compact_lookup.should == :not_found
  end

  it "finds constants from a block in a method" do
    LangConstSpecs::Blocky.new.in_block.should == :blocky
  end

  it "resolves scoped names with ::" do
    LangConstSpecs::Parent::PARENT_C.should == :parent
    LangConstSpecs::Child::PARENT_C.should == :parent
    ::LANG_CONST_TOP_LEVEL.should == :top_level
  end

  it "raises NameError for an uninitialized constant" do
    -> { LangConstSpecs::NopeConst }.should raise_error(NameError, "uninitialized constant LangConstSpecs::NopeConst")
  end

  it "raises NameError for an uninitialized top-level constant" do
    -> { LangConstUndefinedTopZZ }.should raise_error(NameError, "uninitialized constant LangConstUndefinedTopZZ")
  end

  it "exposes the missing name on the NameError" do
    begin
      LangConstSpecs::NopeConst2
    rescue NameError => e
      e.name.should == :NopeConst2
    end
  end

  it "calls const_missing" do
    LangConstSpecs::Missing::Whatever.should == [:missing, :Whatever]
  end

  it "raises NameError for a private constant accessed with ::" do
    LangConstSpecs::Priv.secret.should == 1
    -> { LangConstSpecs::Priv::SECRET }.should raise_error(NameError, "private constant LangConstSpecs::Priv::SECRET referenced")
  end
end

describe "Module#const_get" do
  it "returns a constant by Symbol or String" do
    LangConstSpecs.const_get(:TOP).should == :lang_top
    LangConstSpecs.const_get("TOP").should == :lang_top
  end

  it "resolves a scoped name" do
    Object.const_get("LangConstSpecs::Outer::OUTER_C").should == :outer
  end

  it "looks in ancestors" do
    LangConstSpecs::Child.const_get(:PARENT_C).should == :parent
  end

  it "finds classes by name at run time" do
    name = "LangConstSpecs::" + "Parent"
    Object.const_get(name).should == LangConstSpecs::Parent
    Object.const_get(:String).should == String
  end

  it "raises NameError for a missing constant" do
    -> { LangConstSpecs.const_get(:Zzz) }.should raise_error(NameError, "uninitialized constant LangConstSpecs::Zzz")
  end

  it "raises NameError for an invalid name" do
    -> { LangConstSpecs.const_get(:lower) }.should raise_error(NameError, "wrong constant name lower")
  end
end

describe "Module#const_set, const_defined? and constants" do
  it "defines a constant at run time" do
    LangConstSpecs.const_set(:DYN_C, 42).should == 42
    LangConstSpecs::DYN_C.should == 42
    LangConstSpecs.const_get(:DYN_C).should == 42
  end

  it "tells whether a constant is defined" do
    LangConstSpecs.const_defined?(:TOP).should == true
    LangConstSpecs.const_defined?(:Nope).should == false
    LangConstSpecs::Child.const_defined?(:PARENT_C).should == true
  end

  it "lists constants" do
    LangConstSpecs::Parent.constants.sort.should == [:PARENT_C, :SHADOW]
  end

  it "is checked by defined?" do
    defined?(LangConstSpecs::TOP).should == "constant"
    defined?(LangConstSpecs::NOPE_ZZ).should be_nil
  end
end

describe "Constant assignment" do
  it "keeps the frozen state of the assigned object" do
    LangConstSpecs::ARR.frozen?.should == true
    LangConstSpecs::TOP.frozen?.should == true
  end
end
