require_relative '../spec_helper'
require_relative 'fixtures/class_variable'

describe "A class variable" do
  before :each do
    LangCvarSpecs::Base.reset
  end

  it "is shared by class and instance methods" do
    LangCvarSpecs::Base.incr
    LangCvarSpecs::Base.incr
    LangCvarSpecs::Base.count.should == 2
  end

  it "is shared with subclasses" do
    LangCvarSpecs::Sub.sub_incr
    LangCvarSpecs::Base.count.should == 10
    LangCvarSpecs::Base.incr
    LangCvarSpecs::Sub.sub_count.should == 11
  end

  it "is shared between instances" do
    a = LangCvarSpecs::Base.new
    b = LangCvarSpecs::Sub.new
    a.shared = :changed
    b.shared.should == :changed
    a.shared = :base
  end

  it "is visible through an included module" do
    LangCvarSpecs::IncludesM.new.mod_cvar.should == :in_module
  end

  it "raises NameError when read before assignment" do
    -> { LangCvarSpecs::Lazy.new.read }.should raise_error(NameError, /uninitialized class variable @@never_set in LangCvarSpecs::Lazy/)
  end

  it "can be assigned later by a method" do
    LangCvarSpecs::Lazy.set_later
    LangCvarSpecs::Lazy.later.should == 5
  end

  it "supports ||=" do
    a = LangCvarSpecs::OrAssign.get
    a.should == []
    LangCvarSpecs::OrAssign.get.should equal(a)
  end

  it "is listed by class_variables and read by class_variable_get" do
    LangCvarSpecs::Base.class_variables.sort.should == [:@@count, :@@shared]
    LangCvarSpecs::Base.class_variable_get(:@@shared).should == :base
    LangCvarSpecs::Base.class_variable_defined?(:@@count).should == true
    LangCvarSpecs::Base.class_variable_defined?(:@@nope).should == false
  end

  it "is written by class_variable_set" do
    LangCvarSpecs::Lazy.class_variable_set(:@@dyn, 3).should == 3
    LangCvarSpecs::Lazy.class_variable_get(:@@dyn).should == 3
  end
end

describe "A class-level instance variable" do
  it "is not shared with subclasses" do
    base = Class.new do
      @civ = :base
      def self.civ() @civ end
    end
    sub = Class.new(base)
    base.civ.should == :base
    sub.civ.should be_nil
  end
end
