require_relative '../spec_helper'
require_relative 'fixtures/meta'

describe "BasicObject#instance_eval and #instance_exec with a block" do
  it "evaluates with self as the receiver" do
    b = LangMetaSpecs::Box.new(3)
    b.instance_eval { @v }.should == 3
    b.instance_eval { self }.should equal(b)
  end

  it "can call private methods without a receiver" do
    LangMetaSpecs::Box.new(1).instance_eval { hidden }.should == :hidden
  end

  it "passes arguments with instance_exec" do
    LangMetaSpecs::Box.new(10).instance_exec(5) { |x| @v + x }.should == 15
  end

  it "still sees the block's outer locals" do
    outer = 7
    LangMetaSpecs::Box.new(1).instance_exec { @v + outer }.should == 8
  end

  it "supports a builder DSL" do
    LangMetaSpecs::Builder.build { part(1); part(2) }.parts.should == [1, 2]
  end

  it "sets instance variables on the receiver" do
    b = LangMetaSpecs::Box.new(1)
    b.instance_eval { @added = :yes }
    b.instance_variable_get(:@added).should == :yes
  end

  it "defines singleton methods with def inside instance_eval" do
    o = Object.new
    o.instance_eval do
      def ie_defined() :ie end
    end
    o.ie_defined.should == :ie
    Object.new.respond_to?(:ie_defined).should == false
  end
end

describe "Module#class_exec and #module_eval with a block" do
  it "defines instance methods" do
    c = Class.new
    c.class_exec { def ce() :ce end }
    c.new.ce.should == :ce
  end

  it "passes arguments with class_exec" do
    c = Class.new
    c.class_exec(:named) { |n| define_method(n) { n } }
    c.new.named.should == :named
  end

  it "evaluates with self as the module" do
    m = Module.new
    m.module_eval { self }.should equal(m)
    m.class_eval { self }.should equal(m)
  end

  it "reopens an existing class" do
    LangMetaSpecs::Box.class_eval do
      def doubled() @v * 2 end
    end
    LangMetaSpecs::Box.new(4).doubled.should == 8
  end

  it "can call private class methods like attr_accessor and include" do
    c = Class.new
    c.class_eval do
      attr_accessor :ca
      include Comparable
    end
    o = c.new
    o.ca = 1
    o.ca.should == 1
    c.include?(Comparable).should == true
  end
end

describe "Module#define_method" do
  it "defines methods from a block with parameters" do
    d = LangMetaSpecs::Dyn.new
    d.alpha.should == [:alpha, 1, [], 0, nil]
    d.beta(2, 3, k: 4) { :b }.should == [:beta, 2, [3], 4, :b]
  end

  it "defines predicate methods from a computed name" do
    d = LangMetaSpecs::Dyn.new
    d.alpha?.should == true
    d.beta?.should == false
  end

  it "evaluates the body with self as the instance" do
    d = LangMetaSpecs::Dyn.new
    d.with_ivar.should == :set
    d.instance_variable_get(:@iv).should == :set
  end

  it "returns the method name" do
    LangMetaSpecs::Dyn.make(:made) { :made_body }.should == :made
    LangMetaSpecs::Dyn.new.made.should == :made_body
  end

  it "accepts a Method or a Proc" do
    c = Class.new
    c.send(:define_method, :from_proc, proc { |x| x * 2 })
    c.send(:define_method, :from_lambda, ->(x) { x * 3 })
    c.new.from_proc(2).should == 4
    c.new.from_lambda(2).should == 6
  end

  it "accepts an UnboundMethod of the same class" do
    c = Class.new { def orig(a) [:orig, a] end }
    c.send(:define_method, :copy, c.instance_method(:orig))
    c.new.copy(1).should == [:orig, 1]
  end

  it "accepts an UnboundMethod of an ancestor" do
    parent = Class.new { def orig(a) [:parent, a, self.class.name] end }
    child = Class.new(parent)
    child.send(:define_method, :copy, parent.instance_method(:orig))
    child.new.copy(2).should == [:parent, 2, nil]
    child.instance_method(:copy).arity.should == 1
  end

  it "accepts an UnboundMethod of a module in any class" do
    m = Module.new { def from_mod(a) [:mod, a, self.class] end }
    c = Class.new
    c.send(:define_method, :copy, m.instance_method(:from_mod))
    c.new.copy(3).should == [:mod, 3, c]
  end

  it "runs the UnboundMethod's body with the new receiver" do
    c = Class.new do
      def initialize(v) @v = v end
      def orig() @v end
    end
    c.send(:define_method, :copy, c.instance_method(:orig))
    c.new(7).copy.should == 7
  end

  it "raises TypeError for an UnboundMethod of an unrelated class" do
    a = Class.new { def orig() end }
    b = Class.new
    -> { b.send(:define_method, :copy, a.instance_method(:orig)) }.should raise_error(TypeError, /bind argument must be a subclass of/)
  end

  it "accepts a Method object" do
    c = Class.new
    c.send(:define_method, :plus_one, 1.method(:+).unbind.bind(1).to_proc)
    c.new.plus_one(2).should == 3
  end

  it "checks arity strictly like a lambda" do
    c = Class.new { define_method(:one) { |a| a } }
    -> { c.new.one }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1)")
  end

  it "returns from the method with return in the block" do
    LangMetaSpecs::DMReturn.new.early(true).should == :early
    LangMetaSpecs::DMReturn.new.early(false).should == :late
  end

  it "returns from the method with return inside a nested block of the body" do
    c = Class.new do
      define_method(:find_big) do |list|
        list.each { |x| return x if x > 10 }
        :none
      end
    end
    c.new.find_big([1, 20, 30]).should == 20
    c.new.find_big([1]).should == :none
  end

  it "returns from the method with return in a proc given with &" do
    body = proc { |x| return :early if x; :late }
    c = Class.new
    c.send(:define_method, :m, &body)
    c.new.m(true).should == :early
    c.new.m(false).should == :late
  end

  it "captures locals of the defining scope" do
    counter = 0
    c = Class.new { define_method(:bump) { counter += 1 } }
    c.new.bump
    c.new.bump
    counter.should == 2
  end
end

describe "Class.new and Module.new with a block" do
  it "defines a class with methods and a superclass" do
    base = Class.new { def hi() "hi" end }
    sub = Class.new(base) { def hi() super + "!" end }
    sub.new.hi.should == "hi!"
  end

  it "defines a module usable with include" do
    m = Module.new { def from_m() :from_m end }
    c = Class.new { include m }
    c.new.from_m.should == :from_m
  end
end

describe "A BasicObject subclass with method_missing" do
  it "catches every method call" do
    g = LangMetaSpecs::Ghost.new
    g.anything(1).should == [:ghost, :anything, [1]]
  end

  it "catches operators and predicates" do
    g = LangMetaSpecs::Ghost.new
    (g + 1).should == [:ghost, :+, [1]]
    g.nil?.should == [:ghost, :nil?, []]
    g.to_s.should == [:ghost, :to_s, []]
    g.inspect.should == [:ghost, :inspect, []]
  end

  it "still has ==, ! and equal? from BasicObject" do
    g = LangMetaSpecs::Ghost.new
    (g == g).should == true
    (!g).should == false
    g.equal?(g).should == true
    g.__id__.should be_kind_of(Integer)
  end

  it "has __send__ and instance_eval" do
    g = LangMetaSpecs::Ghost.new
    g.__send__(:xyz).should == [:ghost, :xyz, []]
    g.instance_eval { @calls }.should be_kind_of(Array)
  end

  it "is not an Object" do
    (Object === LangMetaSpecs::Ghost.new).should == false
    LangMetaSpecs::Ghost.superclass.should == BasicObject
    BasicObject.superclass.should be_nil
  end
end

describe "Object#method_missing" do
  it "is called for unknown methods with name, args and block" do
    d = LangMetaSpecs::Dynamic.new
    d.get_name(1) { :blk }.should == [:got, :name, [1], :blk]
  end

  it "handles setter-style names" do
    d = LangMetaSpecs::Dynamic.new
    d.send(:foo=, 1).should == [:set, :foo=]
  end

  it "is called for a private method called with an explicit receiver" do
    LangMetaSpecs::NoRTM.new.puts.should == :caught
  end

  it "raises NoMethodError via super" do
    -> { LangMetaSpecs::Dynamic.new.other_zz }.should raise_error(NoMethodError, /undefined method 'other_zz' for an instance of LangMetaSpecs::Dynamic/)
  end

  it "is used by send and public_send" do
    LangMetaSpecs::Dynamic.new.public_send(:get_x).first.should == :got
  end
end

describe "Object#respond_to_missing?" do
  it "makes respond_to? true for handled names" do
    d = LangMetaSpecs::Dynamic.new
    d.respond_to?(:get_anything).should == true
    d.respond_to?(:other).should == false
  end

  it "makes method return a Method that calls method_missing" do
    m = LangMetaSpecs::Dynamic.new.method(:get_thing)
    m.call.should == [:got, :thing, [], nil]
  end

  it "is false by default even with method_missing" do
    LangMetaSpecs::NoRTM.new.respond_to?(:whatever_zz).should == false
    LangMetaSpecs::NoRTM.new.whatever_zz.should == :caught
  end
end

describe "Object#respond_to?" do
  it "is true for public methods and false for unknown ones" do
    "".respond_to?(:upcase).should == true
    "".respond_to?(:nope).should == false
    LangMetaSpecs::Box.new(1).respond_to?(:v).should == true
  end

  it "accepts a String name" do
    "".respond_to?("upcase").should == true
  end
end

describe "Object#instance_variable_get, set and defined?" do
  before :each do
    @b = LangMetaSpecs::Box.new(1)
  end

  it "reads an instance variable by name" do
    @b.instance_variable_get(:@v).should == 1
    @b.instance_variable_get("@v").should == 1
  end

  it "returns nil for an unset variable" do
    @b.instance_variable_get(:@unset).should be_nil
  end

  it "sets an instance variable and returns the value" do
    @b.instance_variable_set(:@v, 9).should == 9
    @b.v.should == 9
    @b.instance_variable_set(:@new_one, 2)
    @b.instance_variable_get(:@new_one).should == 2
  end

  it "tells whether a variable is defined" do
    @b.instance_variable_defined?(:@v).should == true
    @b.instance_variable_defined?(:@zz).should == false
  end

  it "lists instance variables in assignment order" do
    @b.instance_variable_set(:@later, 1)
    @b.instance_variables.should == [:@v, :@later]
  end

  it "raises NameError for an invalid name" do
    -> { @b.instance_variable_get(:v) }.should raise_error(NameError, "'v' is not allowed as an instance variable name")
  end

  it "raises FrozenError when setting on a frozen object" do
    @b.freeze
    -> { @b.instance_variable_set(:@v, 2) }.should raise_error(FrozenError, /can't modify frozen LangMetaSpecs::Box/)
  end

  it "removes a variable with remove_instance_variable" do
    @b.remove_instance_variable(:@v).should == 1
    @b.instance_variables.should == []
  end
end
