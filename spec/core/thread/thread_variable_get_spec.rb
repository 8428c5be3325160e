require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#thread_variable_get" do
  before :each do
    @t = Thread.new { }
    @t.join
  end

  it "returns nil for an unset variable" do
    @t.thread_variable_get(:unset).should be_nil
  end

  it "returns the value set with thread_variable_set" do
    @t.thread_variable_set(:a, 49)
    @t.thread_variable_get(:a).should == 49
  end

  it "accepts a String name" do
    @t.thread_variable_set(:a, 1)
    @t.thread_variable_get("a").should == 1
  end

  it "is shared by all fibers of the thread" do
    t = Thread.new do
      Thread.current.thread_variable_set(:shared, :yes)
      Fiber.new { Thread.current.thread_variable_get(:shared) }.resume
    end
    t.value.should == :yes
  end

  it "does not see fiber-local variables" do
    t = Thread.new do
      Thread.current[:fl] = 1
      Thread.current.thread_variable_get(:fl)
    end
    t.value.should be_nil
  end

  ruby_version_is ""..."3.4" do
    it "returns nil for a key that is not a Symbol or String" do
      @t.thread_variable_get(1).should be_nil
    end
  end

  ruby_version_is "3.4" do
    it "raises TypeError for a key that is not a Symbol or String" do
      -> { @t.thread_variable_get(1) }.should raise_error(TypeError, "1 is not a symbol nor a string")
    end
  end
end
