require_relative '../spec_helper'

module LangHookSpecs
  LOG = []
  class Base
    def self.inherited(sub)
      LOG << [:inherited, sub.name]
      super
    end
    def self.method_added(name)
      LOG << [:method_added, name]
    end
    def self.singleton_method_added(name)
      LOG << [:singleton_method_added, name] unless name == :singleton_method_added
    end
  end
  module Mixin
    def self.included(base) LOG << [:included, base.name] end
    def self.extended(obj) LOG << [:extended, obj.class.name] end
    def self.prepended(base) LOG << [:prepended, base.name] end
  end
  module ModHooks
    def self.method_added(n) LOG << [:mod_method_added, n] end
  end
end

describe "Class#inherited" do
  it "is called when a subclass is defined" do
    LangHookSpecs::LOG.clear
    class LangHookSpecs::Child < LangHookSpecs::Base; end
    LangHookSpecs::LOG.should include([:inherited, "LangHookSpecs::Child"])
  end

  it "is called for Class.new with a superclass before the body runs" do
    LangHookSpecs::LOG.clear
    Class.new(LangHookSpecs::Base) { LangHookSpecs::LOG << :body }
    LangHookSpecs::LOG.should == [[:inherited, nil], :body]
  end
end

describe "Module#method_added" do
  it "is called for each instance method defined" do
    LangHookSpecs::LOG.clear
    class LangHookSpecs::Base
      def new_m() end
      define_method(:dm) { }
      attr_reader :ar
    end
    LangHookSpecs::LOG.should == [[:method_added, :new_m], [:method_added, :dm], [:method_added, :ar]]
  end

  it "is called for methods defined in a module" do
    LangHookSpecs::LOG.clear
    module LangHookSpecs::ModHooks
      def mm() end
    end
    LangHookSpecs::LOG.should == [[:mod_method_added, :mm]]
  end
end

describe "BasicObject#singleton_method_added" do
  it "is called for class methods" do
    LangHookSpecs::LOG.clear
    class LangHookSpecs::Base
      def self.cm() end
    end
    LangHookSpecs::LOG.should == [[:singleton_method_added, :cm]]
  end
end

describe "Module#included, extended and prepended" do
  it "are called with the including class or extended object" do
    LangHookSpecs::LOG.clear
    c = Class.new
    LangHookSpecs.const_set(:Incl, c)
    c.send(:include, LangHookSpecs::Mixin)
    Object.new.extend(LangHookSpecs::Mixin)
    LangHookSpecs.const_set(:Prep, Class.new)
    LangHookSpecs::Prep.send(:prepend, LangHookSpecs::Mixin)
    LangHookSpecs::LOG.should == [[:included, "LangHookSpecs::Incl"], [:extended, "Object"], [:prepended, "LangHookSpecs::Prep"]]
  end
end
