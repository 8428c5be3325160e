require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.main" do
  it "returns the main thread" do
    Thread.main.should be_kind_of(Thread)
    Thread.main.alive?.should == true
  end

  it "returns the same thread from any thread" do
    Thread.new { Thread.main }.value.should equal(Thread.main)
  end

  it "is not the current thread inside a new thread" do
    Thread.new { Thread.current.equal?(Thread.main) }.value.should == false
  end

  it "is the thread running the examples" do
    Thread.current.should equal(Thread.main)
  end
end
