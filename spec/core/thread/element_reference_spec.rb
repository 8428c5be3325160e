require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#[]" do
  after :each do
    Thread.current[:thread_spec_a] = nil
  end

  it "returns nil for a key that was never set" do
    Thread.current[:thread_spec_never_set].should be_nil
  end

  it "returns the value set with []=" do
    Thread.current[:thread_spec_a] = 42
    Thread.current[:thread_spec_a].should == 42
  end

  it "accepts a String key as the Symbol" do
    Thread.current[:thread_spec_a] = :by_symbol
    Thread.current["thread_spec_a"].should == :by_symbol
  end

  it "reads another thread's variables" do
    t = Thread.new { Thread.current[:thread_spec_a] = :theirs; Thread.stop }
    ThreadSpecs.wait_until_sleeping(t)
    t[:thread_spec_a].should == :theirs
    Thread.current[:thread_spec_a].should be_nil
    t.run
    t.join
  end

  it "is local to the fiber" do
    Thread.current[:thread_spec_a] = :outside
    Fiber.new { Thread.current[:thread_spec_a] }.resume.should be_nil
    Thread.current[:thread_spec_a].should == :outside
  end

  it "is not inherited by new threads" do
    Thread.current[:thread_spec_a] = :parent
    Thread.new { Thread.current[:thread_spec_a] }.value.should be_nil
  end

  it "raises TypeError for a key that is not a Symbol or String" do
    -> { Thread.current[1] }.should raise_error(TypeError)
  end
end
