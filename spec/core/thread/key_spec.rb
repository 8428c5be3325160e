require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#key?" do
  after :each do
    Thread.current[:thread_spec_k] = nil
  end

  it "is true when the fiber-local variable is set" do
    Thread.current[:thread_spec_k] = false
    Thread.current.key?(:thread_spec_k).should == true
  end

  it "is false when it is not set" do
    Thread.current.key?(:thread_spec_unknown).should == false
  end

  it "accepts a String" do
    Thread.current[:thread_spec_k] = 1
    Thread.current.key?("thread_spec_k").should == true
  end

  it "does not see variables of other fibers" do
    Thread.current[:thread_spec_k] = 1
    Fiber.new { Thread.current.key?(:thread_spec_k) }.resume.should == false
  end

  it "raises TypeError for a key that is not a Symbol or String" do
    -> { Thread.current.key?(1) }.should raise_error(TypeError)
  end
end
