require_relative '../spec_helper'

module LangPredefSpecs
  def self.meth_name() __method__ end
  def self.in_block() [1].map { __method__ }.first end
  def self.aliased() __method__ end
  class << self
    alias other_name aliased
  end
end

describe "__method__" do
  it "returns the current method name" do
    LangPredefSpecs.meth_name.should == :meth_name
  end

  it "returns the method name inside a block" do
    LangPredefSpecs.in_block.should == :in_block
  end

  it "returns the defined name inside a define_method body" do
    c = Class.new { define_method(:dm_name) { __method__ } }
    c.new.dm_name.should == :dm_name
  end

  it "returns the defined name inside a block nested in a define_method body" do
    c = Class.new { define_method(:dm_nested) { [1].map { __method__ }.first } }
    c.new.dm_nested.should == :dm_nested
  end

  it "returns the defined name for a define_method body created inside another method" do
    c = Class.new do
      def self.make(name) define_method(name) { __method__ } end
      make :made_here
    end
    c.new.made_here.should == :made_here
  end

  it "returns nil at the top level of a block outside any method" do
    [1].map { __method__ }.first.should be_nil
  end

  it "returns the original name for an aliased method" do
    LangPredefSpecs.other_name.should == :aliased
  end
end

describe "__FILE__, __LINE__ and __dir__" do
  it "give the source file path and line" do
    __FILE__.should =~ /predefined_spec\.rb\z/
    l1 = __LINE__
    l2 = __LINE__
    (l2 - l1).should == 1
    File.readlines(__FILE__)[l1 - 1].should include("l1 = __LINE__")
    __dir__.should == File.dirname(File.expand_path(__FILE__))
  end
end

describe "Predefined constants" do
  it "include RUBY_VERSION and friends" do
    RUBY_VERSION.should =~ /\A\d+\.\d+\.\d+\z/
    RUBY_ENGINE.should be_kind_of(String)
    ENV.should respond_to(:[])
  end

  it "include ARGV as an Array" do
    ARGV.should be_kind_of(Array)
  end
end

# assigned before the describe: as in MSpec, a top-level describe runs its
# examples as soon as its body has been evaluated
TOPLEVEL_BINDING_FREE_SELF = self

describe "self at the top level" do
  it "is main, an Object" do
    TOPLEVEL_BINDING_FREE_SELF.to_s.should == "main"
    TOPLEVEL_BINDING_FREE_SELF.inspect.should == "main"
    TOPLEVEL_BINDING_FREE_SELF.class.should == Object
  end
end
