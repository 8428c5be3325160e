require_relative '../spec_helper'

module LangUndefSpecs
  class Base
    def a() :base_a end
    def b() :base_b end
    def c() :base_c end
  end
  class Sub < Base
    def a() :sub_a end
    def b() :sub_b end
    undef c
  end
end

describe "The undef keyword" do
  it "makes calls raise NoMethodError even when a superclass defines the method" do
    -> { LangUndefSpecs::Sub.new.c }.should raise_error(NoMethodError, /undefined method 'c' for an instance of LangUndefSpecs::Sub/)
    LangUndefSpecs::Base.new.c.should == :base_c
  end

  it "makes respond_to? false" do
    LangUndefSpecs::Sub.new.respond_to?(:c).should == false
  end

  it "raises NameError for an undefined method" do
    -> {
      Class.new do
        undef nope_zz
      end
    }.should raise_error(NameError, /undefined method 'nope_zz' for class/)
  end

  it "accepts several names and symbols" do
    c = Class.new do
      def x() end
      def y() end
      undef x, :y
    end
    c.new.respond_to?(:x).should == false
    c.new.respond_to?(:y).should == false
  end
end

describe "Module#undef_method" do
  it "prevents the method from being found in superclasses" do
    c = Class.new(LangUndefSpecs::Base) { undef_method :a }
    -> { c.new.a }.should raise_error(NoMethodError)
  end

  it "returns self" do
    c = Class.new { def z() end }
    c.send(:undef_method, :z).should equal(c)
  end
end

describe "Module#remove_method" do
  it "removes the class's own method so the superclass's is found" do
    c = Class.new(LangUndefSpecs::Base) { def b() :own end }
    c.new.b.should == :own
    c.send(:remove_method, :b)
    c.new.b.should == :base_b
  end

  it "raises NameError when the class does not define the method itself" do
    c = Class.new(LangUndefSpecs::Base)
    -> { c.send(:remove_method, :a) }.should raise_error(NameError, /method 'a' not defined in/)
  end

  it "removes a singleton method" do
    o = Object.new
    def o.tmp() end
    o.singleton_class.send(:remove_method, :tmp)
    o.respond_to?(:tmp).should == false
  end
end

describe "Module#method_defined? and instance_methods" do
  it "report public and protected instance methods" do
    LangUndefSpecs::Base.method_defined?(:a).should == true
    LangUndefSpecs::Sub.method_defined?(:c).should == false
    LangUndefSpecs::Base.instance_methods(false).sort.should == [:a, :b, :c]
    LangUndefSpecs::Sub.instance_methods(false).sort.should == [:a, :b]
  end

  it "include inherited methods by default" do
    LangUndefSpecs::Sub.instance_methods.include?(:object_id).should == true
    LangUndefSpecs::Sub.method_defined?(:a, false).should == true
  end
end
