require_relative '../spec_helper'
require_relative 'fixtures/super'

describe "The super keyword" do
  it "without arguments passes the method's current arguments" do
    LangSuperSpecs::Zsuper.new.m(1, 2).should == [:base, [1, 2], {}, nil]
  end

  it "without arguments passes reassigned parameter values" do
    LangSuperSpecs::Zsuper.new.one(3).should == [:base_one, 30]
  end

  it "without arguments passes optional parameter defaults of the subclass" do
    LangSuperSpecs::Zsuper.new.opt(1).should == [:base_opt, 1, 7]
  end

  it "without arguments passes keyword parameters" do
    LangSuperSpecs::Zsuper.new.kw(a: 1).should == [:base_kw, 1, 5]
  end

  it "without arguments passes the block" do
    LangSuperSpecs::Zsuper.new.blk { :given }.should == :given
  end

  it "with explicit arguments passes only those" do
    LangSuperSpecs::Explicit.new.m(1, 2).should == [:base, [1], {}, nil]
    LangSuperSpecs::Explicit.new.one(1).should == [:base_one, 2]
  end

  it "with explicit arguments and a literal block passes that block" do
    LangSuperSpecs::Explicit.new.blk.should == :explicit_block
  end

  it "with empty parentheses passes no arguments" do
    LangSuperSpecs::Empty.new.m(5).should == [:base, [], {}, nil]
  end

  it "passes a block given with &" do
    LangSuperSpecs::BlockPass.new.blk { :passed }.should == :passed
  end

  it "works from inside a block in the method" do
    LangSuperSpecs::InBlock.new.one(4).should == [:base_one, 4]
  end

  it "calls the superclass's class method" do
    LangSuperSpecs::Cm.cm(1).should == [:sub_cm, [:base_cm, 1]]
  end

  it "calls the superclass's initialize" do
    o = LangSuperSpecs::Init.new(1, 2)
    o.v.should == 1
    o.w.should == 2
  end

  it "returns the superclass method's value" do
    LangSuperSpecs::ToS.new.to_s.should == "Sub<Base>"
  end

  it "goes through included modules in ancestor order" do
    LangSuperSpecs::WithMixin.new.one(1).should == [:class, [:mixin, [:base_one, 1]]]
  end

  it "goes from a prepended module to the class" do
    LangSuperSpecs::WithPrepend.new.one(1).should == [:pre, [:own, [:base_one, 1]]]
  end

  it "chains through several levels" do
    LangSuperSpecs::Grand.new.one(2).should == [:grand, [:base_one, 20]]
  end

  it "raises NoMethodError when no superclass method exists" do
    -> { LangSuperSpecs::NoSuper.new.nope }.should raise_error(NoMethodError, /super: no superclass method 'nope'/)
  end

  it "calls method_missing of the superclass when no superclass method exists" do
    LangSuperSpecs::MMSub.new.ghost(1).should == [:mm, :ghost, [1]]
  end

  it "with explicit arguments works in a method defined with define_method" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:one) { |a| [:dm, super(a * 2)] }
    end
    c.new.one(2).should == [:dm, [:base_one, 4]]
  end

  it "without arguments in a define_method body raises RuntimeError" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:one) { |a| super }
    end
    -> { c.new.one(1) }.should raise_error(RuntimeError, /implicit argument passing of super from method defined by define_method\(\) is not supported/)
  end

  it "with explicit arguments in a define_method body created by a method calls the defined method's super" do
    c = Class.new(LangSuperSpecs::Base) do
      def self.wrap(name)
        define_method(name) { |a| [:wrapped, super(a)] }
      end
      wrap :one
    end
    c.new.one(3).should == [:wrapped, [:base_one, 3]]
  end

  it "with explicit arguments in a block nested in a define_method body calls the defined method's super" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:one) { |a| [1, 2].map { |i| super(a + i) } }
    end
    c.new.one(10).should == [[:base_one, 11], [:base_one, 12]]
  end

  it "in a define_method body passes a splat and a block" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:m) { |*a| super(*a) { :given } }
    end
    c.new.m(1, 2).should == [:base, [1, 2], {}, :given]
  end

  it "without arguments in a block nested in a define_method body raises RuntimeError" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:one) { |a| [1].map { super } }
    end
    -> { c.new.one(1) }.should raise_error(RuntimeError, /implicit argument passing of super from method defined by define_method\(\) is not supported/)
  end

  it "in a define_method body raises NoMethodError when the superclass lacks the method" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:nothing_above) { super() }
    end
    -> { c.new.nothing_above }.should raise_error(NoMethodError, /super: no superclass method 'nothing_above'/)
  end

  it "is reported by defined? in a define_method body" do
    c = Class.new(LangSuperSpecs::Base) do
      define_method(:one) { |a| defined?(super) }
      define_method(:nothing_above) { defined?(super) }
    end
    c.new.one(1).should == "super"
    c.new.nothing_above.should be_nil
  end

  it "outside of a method raises NoMethodError" do
    -> { Class.new { super() } }.should raise_error(NoMethodError, "super called outside of method")
    -> { Class.new { [1].each { super() } } }.should raise_error(NoMethodError, "super called outside of method")
  end

  it "works in a singleton method of an object" do
    o = LangSuperSpecs::Base.new
    def o.one(a) [:singleton, super] end
    o.one(5).should == [:singleton, [:base_one, 5]]
  end

  it "works in a method of a module extended into an object" do
    o = LangSuperSpecs::Base.new
    o.extend(LangSuperSpecs::Mixin)
    o.one(6).should == [:mixin, [:base_one, 6]]
  end

  it "passes the block implicitly even with explicit arguments" do
    c = Class.new(LangSuperSpecs::Base) do
      def blk() super() end
    end
    c.new.blk { :implicit_block }.should == :implicit_block
  end

  it "passes no block with &nil" do
    c = Class.new(LangSuperSpecs::Base) do
      def m(*a) super(*a, &nil) end
    end
    c.new.m(1) { :dropped }.should == [:base, [1], {}, nil]
  end

  it "in method_missing reaches BasicObject#method_missing" do
    c = Class.new do
      def method_missing(n, *a) n == :known ? :handled : super end
    end
    c.new.known.should == :handled
    -> { c.new.unknown_zz }.should raise_error(NoMethodError, /undefined method 'unknown_zz'/)
  end

  it "in respond_to? combines with the default" do
    c = Class.new do
      def respond_to?(n, p = false) n == :virtual || super end
    end
    c.new.respond_to?(:virtual).should == true
    c.new.respond_to?(:to_s).should == true
    c.new.respond_to?(:zz).should == false
  end
end
