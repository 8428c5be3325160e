require_relative '../spec_helper'
require_relative 'fixtures/module'

describe "A module definition" do
  it "creates a Module that is not a Class" do
    LangModuleSpecs::Greet.should be_kind_of(Module)
    LangModuleSpecs::Greet.is_a?(Class).should == false
    LangModuleSpecs::Greet.name.should == "LangModuleSpecs::Greet"
  end

  it "cannot be instantiated" do
    -> { LangModuleSpecs::Greet.new }.should raise_error(NoMethodError)
  end

  it "defines module methods with def self." do
    LangModuleSpecs::Utils.helper.should == :mod_fn
  end

  it "holds constants" do
    LangModuleSpecs::Utils::PI2.should == 6.28
  end

  it "supports module_function" do
    LangModuleSpecs::Utils.mf.should == :mf
    o = Object.new
    o.extend(LangModuleSpecs::Utils)
    o.instance_helper.should == :inst
    -> { o.mf }.should raise_error(NoMethodError)
  end

  it "records lexical nesting" do
    LangModuleSpecs::Outer::Inner.where.should == [LangModuleSpecs::Outer::Inner, LangModuleSpecs::Outer, LangModuleSpecs]
  end

  it "extends itself with extend self" do
    LangModuleSpecs::SelfExt.se.should == :se
  end
end

describe "Module#include" do
  it "adds instance methods to the class" do
    LangModuleSpecs::Person.new.greet.should == "hello from LangModuleSpecs::Person"
  end

  it "inserts the module after the class in ancestors" do
    LangModuleSpecs::Person.ancestors.take(2).should == [LangModuleSpecs::Person, LangModuleSpecs::Greet]
    LangModuleSpecs::Person.include?(LangModuleSpecs::Greet).should == true
  end

  it "lets a later module call super into an earlier one" do
    LangModuleSpecs::LoudPerson.new.greet.should == "HELLO FROM LANGMODULESPECS::LOUDPERSON"
  end

  it "calls the included hook" do
    LangModuleSpecs::UsesHook.hooked?.should == true
  end

  it "makes is_a? true for the module" do
    LangModuleSpecs::Person.new.is_a?(LangModuleSpecs::Greet).should == true
    (LangModuleSpecs::Greet === LangModuleSpecs::Person.new).should == true
  end

  it "is idempotent" do
    c = Class.new { include LangModuleSpecs::Greet; include LangModuleSpecs::Greet }
    c.ancestors.count(LangModuleSpecs::Greet).should == 1
  end

  it "returns the class" do
    c = Class.new
    c.send(:include, LangModuleSpecs::Greet).should equal(c)
  end
end

describe "Module#extend" do
  it "adds module methods as singleton methods of a class" do
    LangModuleSpecs::Person.cls_helper.should == [:cls_helper, LangModuleSpecs::Person]
  end

  it "adds module methods to one object only" do
    a = Object.new
    b = Object.new
    a.extend(LangModuleSpecs::ClassLevel)
    a.cls_helper.first.should == :cls_helper
    b.respond_to?(:cls_helper).should == false
    a.singleton_class.include?(LangModuleSpecs::ClassLevel).should == true
  end

  it "calls the extended hook" do
    LangModuleSpecs::Counted.log.clear
    o = Object.new
    o.extend(LangModuleSpecs::Counted)
    LangModuleSpecs::Counted.log.should == [[:extended, Object]]
  end
end

describe "Module#prepend" do
  it "places the module before the class in ancestors" do
    LangModuleSpecs::Prepended.ancestors.take(2).should == [LangModuleSpecs::Pre, LangModuleSpecs::Prepended]
  end

  it "lets the module wrap the class's method with super" do
    LangModuleSpecs::Prepended.new.value.should == [:pre, :orig]
  end
end

describe "Module.new" do
  it "creates an anonymous module" do
    m = Module.new
    m.name.should be_nil
    m.should be_kind_of(Module)
  end

  it "evaluates the block with self as the module" do
    m = Module.new do
      def mod_new_m() :from_module_new end
    end
    c = Class.new { include m }
    c.new.mod_new_m.should == :from_module_new
  end

  it "gets a name when assigned to a constant" do
    LangModuleSpecs.const_set(:Dyn, Module.new)
    LangModuleSpecs::Dyn.name.should == "LangModuleSpecs::Dyn"
  end
end

describe "Module#name" do
  it "is the full constant path" do
    LangModuleSpecs::Outer::Inner.name.should == "LangModuleSpecs::Outer::Inner"
    Comparable.name.should == "Comparable"
    Integer.name.should == "Integer"
  end
end
