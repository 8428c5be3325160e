require_relative '../spec_helper'
require_relative 'fixtures/class'

describe "A class definition" do
  it "creates a constant naming a Class" do
    LangClassSpecs::Animal.should be_kind_of(Class)
    LangClassSpecs::Animal.name.should == "LangClassSpecs::Animal"
    LangClassSpecs::Animal.to_s.should == "LangClassSpecs::Animal"
  end

  it "has Object as superclass by default" do
    LangClassSpecs::Empty.superclass.should == Object
  end

  it "returns the value of its last expression" do
    r = class LangClassSpecs::Empty; :last; end
    r.should == :last
  end

  it "inherits methods" do
    d = LangClassSpecs::Dog.new("Rex")
    d.name.should == "Rex"
    d.describe.should == "Rex says Woof"
    LangClassSpecs::Puppy.new("p").speak.should == "Woof"
  end

  it "records the superclass chain" do
    LangClassSpecs::Puppy.superclass.should == LangClassSpecs::Dog
    LangClassSpecs::Dog.superclass.should == LangClassSpecs::Animal
    LangClassSpecs::Puppy.ancestors.take(4).should == [LangClassSpecs::Puppy, LangClassSpecs::Dog, LangClassSpecs::Animal, Object]
  end

  it "can be reopened to add methods" do
    r = LangClassSpecs::Reopened.new
    r.a.should == :a
    r.b.should == :b
  end

  it "replaces a method defined twice" do
    LangClassSpecs::Redef.new.m.should == :second
  end

  it "raises TypeError when reopened with a different superclass" do
    -> {
      class LangClassSpecs::Dog < String; end
    }.should raise_error(TypeError, "superclass mismatch for class Dog")
  end

  it "raises TypeError when the name is not a class" do
    -> {
      class LangClassSpecs::Outer::Nope; end
      module LangClassSpecs::Outer::Nope; end
    }.should raise_error(TypeError, /Nope is not a module/)
  end
end

describe "attr_reader, attr_writer and attr_accessor" do
  it "define readers and writers" do
    a = LangClassSpecs::Animal.new("x")
    a.age.should be_nil
    a.age = 3
    a.age.should == 3
    a.note = "n"
    a.note_value.should == "n"
  end

  it "return the defined method names" do
    c = Class.new
    c.send(:attr_accessor, :q, :r).should == [:q, :q=, :r, :r=]
  end
end

describe "Class methods" do
  it "are defined in class << self with class-level instance variables" do
    LangClassSpecs::Counter.count = 0
    LangClassSpecs::Counter.new
    LangClassSpecs::Counter.new
    LangClassSpecs::Counter.count.should == 2
  end

  it "keep class-level instance variables separate from instances" do
    LangClassSpecs::Counter.instance_variable_get(:@count).should be_kind_of(Integer)
    LangClassSpecs::Counter.new.instance_variable_get(:@count).should be_nil
  end

  it "can override new" do
    o = LangClassSpecs::WithNew.new(1)
    o.instance_variable_get(:@custom).should == true
    o.instance_variable_get(:@a).should == 1
  end
end

describe "Class.new" do
  it "creates an anonymous class with a nil name" do
    c = Class.new
    c.name.should be_nil
    c.new.should be_kind_of(c)
  end

  it "takes a superclass and a body block" do
    c = Class.new(LangClassSpecs::Animal) do
      def speak() "Meow" end
    end
    c.superclass.should == LangClassSpecs::Animal
    c.new("Tom").describe.should == "Tom says Meow"
  end

  it "gets a name when assigned to a constant" do
    LangClassSpecs.const_set(:Named, Class.new)
    LangClassSpecs::Named.name.should == "LangClassSpecs::Named"
  end

  it "evaluates the block with self as the new class" do
    inside = nil
    c = Class.new { inside = self }
    inside.should equal(c)
  end

  it "raises TypeError for a non-class superclass" do
    -> { Class.new(1) }.should raise_error(TypeError, "superclass must be an instance of Class (given an instance of Integer)")
  end
end

describe "Object identity and type queries" do
  before :each do
    @d = LangClassSpecs::Dog.new("d")
  end

  it "is_a? and kind_of? follow the superclass chain and modules" do
    @d.is_a?(LangClassSpecs::Dog).should == true
    @d.is_a?(LangClassSpecs::Animal).should == true
    @d.kind_of?(Object).should == true
    @d.is_a?(Kernel).should == true
    @d.is_a?(String).should == false
  end

  it "instance_of? matches only the exact class" do
    @d.instance_of?(LangClassSpecs::Dog).should == true
    @d.instance_of?(LangClassSpecs::Animal).should == false
  end

  it "=== on a class tests membership" do
    (LangClassSpecs::Animal === @d).should == true
    (LangClassSpecs::Dog === "x").should == false
  end

  it "class returns the class" do
    @d.class.should == LangClassSpecs::Dog
    1.class.should == Integer
    nil.class.should == NilClass
  end

  it "works with core values" do
    1.is_a?(Comparable).should == true
    1.is_a?(Numeric).should == true
    1.0.instance_of?(Float).should == true
    [].is_a?(Enumerable).should == true
  end
end

describe "Reopening core classes" do
  it "adds a method to Integer" do
    21.lang_double.should == 42
    (2**70).lang_double.should == 2**71
  end

  it "adds methods to String" do
    "hi".lang_shout.should == "HI!"
    "a b c".lang_self_words.should == 3
  end

  it "adds a method to Array" do
    [1, 2, 3].lang_second.should == 2
  end

  it "makes the new method visible to respond_to?" do
    1.respond_to?(:lang_double).should == true
    "".respond_to?(:lang_double).should == false
  end
end

describe "Default to_s and inspect" do
  it "shows the class and address in to_s" do
    LangClassSpecs::Empty.new.to_s.should =~ /\A#<LangClassSpecs::Empty:0x[0-9a-f]+>\z/
  end

  it "shows instance variables in inspect" do
    LangClassSpecs::Point.new(1, 2).inspect.should =~ /\A#<LangClassSpecs::Point:0x[0-9a-f]+ @x=1, @y=2>\z/
  end

  it "shows only the class and address without instance variables" do
    LangClassSpecs::Empty.new.inspect.should =~ /\A#<LangClassSpecs::Empty:0x[0-9a-f]+>\z/
  end

  it "inspects nested values" do
    LangClassSpecs::Point.new("a", [1, :b]).inspect.should =~ /\A#<LangClassSpecs::Point:0x[0-9a-f]+ @x="a", @y=\[1, :b\]>\z/
  end

  it "uses a user-defined inspect for p and Array#inspect" do
    c = Class.new { def inspect() "CUSTOM" end }
    [c.new].inspect.should == "[CUSTOM]"
  end

  it "uses to_s for interpolation" do
    c = Class.new { def to_s() "TS" end }
    "<#{c.new}>".should == "<TS>"
  end

  it "shows an anonymous class as #<Class:0x...>" do
    Class.new.to_s.should =~ /\A#<Class:0x[0-9a-f]+>\z/
    Class.new.new.to_s.should =~ /\A#<#<Class:0x[0-9a-f]+>:0x[0-9a-f]+>\z/
  end
end
