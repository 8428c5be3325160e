require_relative '../spec_helper'

module LangOMSpecs
  module M1; end
  module M2; end
  class A
    include M1
    def am() :am end
    def self.cm_missing_probe() :probe end
    def self.method_missing(name, *args)
      name.to_s.start_with?("find_by_") ? [:finder, name, args] : super
    end
    def self.respond_to_missing?(name, priv = false)
      name.to_s.start_with?("find_by_") || super
    end
  end
  class B < A
    include M2
    prepend Comparable
  end
  class WithInit
    attr_reader :args
    def initialize(*args, **kw, &blk) @args = [args, kw, blk && blk.call] end
  end
end

describe "The object model" do
  it "has Class, Module, Object and BasicObject at the root" do
    Class.superclass.should == Module
    Module.superclass.should == Object
    Object.superclass.should == BasicObject
    Class.class.should == Class
    LangOMSpecs::A.class.should == Class
    LangOMSpecs::M1.class.should == Module
  end

  it "lists ancestors with included and prepended modules, Kernel and BasicObject" do
    LangOMSpecs::B.ancestors.take(6).should == [Comparable, LangOMSpecs::B, LangOMSpecs::M2, LangOMSpecs::A, LangOMSpecs::M1, Object]
    LangOMSpecs::B.ancestors.last(2).should == [Kernel, BasicObject]
  end

  it "lists included_modules" do
    LangOMSpecs::B.included_modules.take(3).should == [Comparable, LangOMSpecs::M2, LangOMSpecs::M1]
  end

  it "compares classes and modules with <, <= and ==" do
    (LangOMSpecs::B < LangOMSpecs::A).should == true
    (LangOMSpecs::A < LangOMSpecs::B).should == false
    (LangOMSpecs::B <= LangOMSpecs::B).should == true
    (LangOMSpecs::B < LangOMSpecs::M1).should == true
    (LangOMSpecs::A < String).should be_nil
  end

  it "allocates an uninitialized instance" do
    o = LangOMSpecs::WithInit.allocate
    o.args.should be_nil
  end

  it "passes positional, keyword and block arguments from new to initialize" do
    o = LangOMSpecs::WithInit.new(1, 2, k: 3) { :blk }
    o.args.should == [[1, 2], {k: 3}, :blk]
  end

  it "makes initialize private" do
    -> { LangOMSpecs::WithInit.new.initialize }.should raise_error(NoMethodError, /private method 'initialize' called/)
  end

  it "dispatches class-level method_missing and respond_to_missing?" do
    LangOMSpecs::A.find_by_name("x").should == [:finder, :find_by_name, ["x"]]
    LangOMSpecs::A.respond_to?(:find_by_age).should == true
    LangOMSpecs::A.respond_to?(:other).should == false
    LangOMSpecs::B.find_by_x.first.should == :finder
    -> { LangOMSpecs::A.other_zz }.should raise_error(NoMethodError, /undefined method 'other_zz' for class LangOMSpecs::A/)
  end

  it "gives every object an object_id that is stable and unique" do
    a = Object.new
    b = Object.new
    a.object_id.should == a.object_id
    a.object_id.should_not == b.object_id
    a.__id__.should == a.object_id
  end

  it "keeps instances of a singleton-extended object instance_of? its class" do
    o = LangOMSpecs::A.new
    def o.extra() end
    o.instance_of?(LangOMSpecs::A).should == true
    o.class.should == LangOMSpecs::A
  end

  it "reports methods, public_methods and singleton_methods" do
    o = LangOMSpecs::A.new
    def o.sm() end
    o.methods.include?(:am).should == true
    o.methods.include?(:sm).should == true
    o.public_methods.include?(:am).should == true
    o.singleton_methods.should == [:sm]
    LangOMSpecs::A.singleton_methods.sort.should == [:cm_missing_probe, :method_missing, :respond_to_missing?]
  end

  it "has Kernel methods available on every object" do
    o = Object.new
    o.respond_to?(:puts, true).should == true
    o.respond_to?(:puts).should == false
    o.frozen?.should == false
    o.nil?.should == false
    nil.nil?.should == true
  end
end

describe "Default inspect of procs, methods and classes" do
  it "shows a Proc with its location" do
    proc { }.inspect.should =~ /\A#<Proc:0x[0-9a-f]+ [^ ]*object_model_spec\.rb:\d+>\z/
  end

  it "marks a lambda" do
    -> { }.inspect.should =~ /\A#<Proc:0x[0-9a-f]+ [^ ]*object_model_spec\.rb:\d+ \(lambda\)>\z/
  end

  it "shows a Method with owner, name, parameters and location" do
    LangOMSpecs::A.new.method(:am).inspect.should =~ /\A#<Method: LangOMSpecs::A#am\(\) [^ ]*object_model_spec\.rb:\d+>\z/
  end

  it "shows an UnboundMethod" do
    LangOMSpecs::A.instance_method(:am).inspect.should =~ /\A#<UnboundMethod: LangOMSpecs::A#am\(\) [^ ]*object_model_spec\.rb:\d+>\z/
  end

  it "shows nil, true, false, symbols and main" do
    nil.inspect.should == "nil"
    true.to_s.should == "true"
    :sym.inspect.should == ":sym"
    :"with space".inspect.should == ':"with space"'
  end
end
