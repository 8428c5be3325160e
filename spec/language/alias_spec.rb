require_relative '../spec_helper'
require_relative 'fixtures/alias'

describe "The alias keyword" do
  before :each do
    @o = LangAliasSpecs::Base.new
  end

  it "creates a new name for a method" do
    @o.other.should == :value
    @o.sym_other.should == :value
  end

  it "copies the method so redefining the original keeps the old body" do
    @o.greet("bob").should == "HI BOB"
    @o.old_greet("bob").should == "hi bob"
  end

  it "works with predicate and operator names" do
    @o.asked?.should == true
    @o.put(:k, :v)
    @o.set.should == [:k, :v]
  end

  it "keeps the aliased body when a subclass overrides the original" do
    s = LangAliasSpecs::Sub.new
    s.value.should == :sub_value
    s.other.should == :value
  end

  it "aliases global variables" do
    $lang_alias_h.should == 1
    $lang_alias_g = 2
    $lang_alias_h.should == 2
  end

  it "reports the original name in Method#original_name" do
    @o.method(:other).original_name.should == :value
    @o.method(:other).name.should == :other
  end
end

describe "Module#alias_method" do
  it "creates a new name for a method" do
    o = LangAliasSpecs::Base.new
    o.am_other.should == :value
    o.str_other.should == :value
  end

  it "returns the new name as a Symbol" do
    LangAliasSpecs::ReturnValue::R.should == :x
  end

  it "raises NameError for an undefined method" do
    -> { Class.new { alias_method :a, :nope_zz } }.should raise_error(NameError, /undefined method 'nope_zz' for class/)
  end

  it "aliases core methods in a reopened class" do
    c = Class.new(Array) { alias_method :count_all, :size }
    c.new([1, 2]).count_all.should == 2
  end
end
