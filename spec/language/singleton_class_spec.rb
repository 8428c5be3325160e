require_relative '../spec_helper'
require_relative 'fixtures/singleton'

describe "A singleton method" do
  it "is defined with def obj.name" do
    o = Object.new
    def o.solo() :solo end
    o.solo.should == :solo
    Object.new.respond_to?(:solo).should == false
  end

  it "is listed by singleton_methods" do
    o = Object.new
    def o.one() end
    def o.two() end
    o.singleton_methods.sort.should == [:one, :two]
  end

  it "is defined with define_singleton_method" do
    o = Object.new
    o.define_singleton_method(:dsm) { |x| x * 2 }.should == :dsm
    o.dsm(4).should == 8
  end

  it "sees self as the object" do
    o = Object.new
    o.define_singleton_method(:me) { self }
    o.me.should equal(o)
  end

  it "can be defined on a String" do
    s = +"str"
    def s.extra() self + "!" end
    s.extra.should == "str!"
  end

  it "overrides the class's method for that object only" do
    a = "abc"
    b = "abc".dup
    def b.upcase() "custom" end
    b.upcase.should == "custom"
    a.upcase.should == "ABC"
  end

  it "can call super into the class's method" do
    s = +"x"
    def s.length() super + 100 end
    s.length.should == 101
  end

  it "cannot be defined on an Integer" do
    -> { 1.define_singleton_method(:zz) { } }.should raise_error(TypeError, "can't define singleton")
  end
end

describe "class << obj" do
  it "opens the singleton class of an object" do
    o = Object.new
    class << o
      def in_sc() :in_sc end
    end
    o.in_sc.should == :in_sc
  end

  it "defines class methods with class << self" do
    LangSingletonSpecs::Thing.via_block.should == :via_block
    LangSingletonSpecs::ModWithSelf.mm.should == :mm
  end

  it "supports private class methods" do
    LangSingletonSpecs::Thing.call_hidden.should == :hidden
    -> { LangSingletonSpecs::Thing.hidden_cm }.should raise_error(NoMethodError, /private method 'hidden_cm' called for class LangSingletonSpecs::Thing/)
  end

  it "class methods are inherited by subclasses" do
    LangSingletonSpecs::SubThing.via_block.should == :via_block
    LangSingletonSpecs::SubThing.factory.should be_an_instance_of(LangSingletonSpecs::SubThing)
  end
end

describe "Object#singleton_class" do
  it "returns a class that is specific to the object" do
    o = Object.new
    sc = o.singleton_class
    sc.should be_kind_of(Class)
    sc.should_not == Object
    o.singleton_class.should equal(sc)
  end

  it "has the object's class as superclass" do
    Object.new.singleton_class.superclass.should == Object
  end

  it "of a class has the superclass's singleton class as superclass" do
    LangSingletonSpecs::SubThing.singleton_class.superclass.should == LangSingletonSpecs::Thing.singleton_class
  end

  it "lists singleton methods as instance methods" do
    o = Object.new
    def o.zap() end
    o.singleton_class.instance_methods(false).should == [:zap]
  end

  it "is returned by class << self; self; end" do
    o = Object.new
    sc = class << o; self; end
    sc.should equal(o.singleton_class)
  end

  it "of nil, true and false are their classes" do
    nil.singleton_class.should == NilClass
    true.singleton_class.should == TrueClass
    false.singleton_class.should == FalseClass
  end

  it "raises TypeError for an Integer or Symbol" do
    -> { 1.singleton_class }.should raise_error(TypeError, "can't define singleton")
    -> { :s.singleton_class }.should raise_error(TypeError, "can't define singleton")
  end

  it "inspects as #<Class:...>" do
    LangSingletonSpecs::Thing.singleton_class.inspect.should == "#<Class:LangSingletonSpecs::Thing>"
    Object.new.singleton_class.inspect.should =~ /\A#<Class:#<Object:0x[0-9a-f]+>>\z/
  end

  it "allows define_method on the singleton class" do
    o = Object.new
    o.singleton_class.send(:define_method, :viasc) { :viasc }
    o.viasc.should == :viasc
  end

  it "singleton_class? is true only for singleton classes" do
    Object.new.singleton_class.singleton_class?.should == true
    Object.singleton_class?.should == false
  end
end
