require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#thread_variable_set" do
  before :each do
    @t = Thread.new { }
    @t.join
  end

  it "returns the value" do
    @t.thread_variable_set(:a, 2).should == 2
  end

  it "converts a String name to a Symbol" do
    @t.thread_variable_set("a", 2)
    @t.thread_variables.should == [:a]
  end

  it "keeps the key when set to nil" do
    @t.thread_variable_set(:a, 1)
    @t.thread_variable_set(:a, nil)
    @t.thread_variable_get(:a).should be_nil
    @t.thread_variable?(:a).should == false
  end

  it "is visible from fibers of the thread" do
    t = Thread.new do
      Fiber.new { Thread.current.thread_variable_set(:from_fiber, 3) }.resume
      Thread.current.thread_variable_get(:from_fiber)
    end
    t.value.should == 3
  end

  it "raises TypeError for a key that is not a Symbol or String" do
    -> { @t.thread_variable_set(1, 2) }.should raise_error(TypeError, /\A1 is not a symbol/)
  end

  it "raises FrozenError on a frozen thread" do
    @t.freeze
    -> { @t.thread_variable_set(:a, 1) }.should raise_error(FrozenError)
  end
end
