require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread.pass" do
  it "returns nil" do
    Thread.pass.should be_nil
  end

  it "lets other threads make progress" do
    done = false
    t = Thread.new { done = true }
    ThreadSpecs.wait_for { done }.should == true
    t.join
  end
end
