require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#keys" do
  it "returns the fiber-local keys as Symbols" do
    t = Thread.new do
      Thread.current[:one] = 1
      Thread.current["two"] = 2
      Thread.current.keys
    end
    t.value.sort.should == [:one, :two]
  end

  it "is empty for a fresh thread" do
    Thread.new { Thread.current.keys }.value.should == []
  end

  it "is empty in a fresh fiber" do
    Thread.new do
      Thread.current[:outer] = 1
      Fiber.new { Thread.current.keys }.resume
    end.value.should == []
  end

  it "does not include thread variables" do
    Thread.new do
      Thread.current.thread_variable_set(:tv, 1)
      Thread.current.keys
    end.value.should == []
  end
end
