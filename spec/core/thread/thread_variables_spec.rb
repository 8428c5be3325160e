require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#thread_variables" do
  before :each do
    @t = Thread.new { }
    @t.join
  end

  it "is empty for a fresh thread" do
    @t.thread_variables.should == []
  end

  it "returns the names as Symbols" do
    @t.thread_variable_set(:a, 1)
    @t.thread_variable_set("b", 2)
    @t.thread_variables.sort.should == [:a, :b]
  end

  it "does not include fiber-local variables" do
    t = Thread.new { Thread.current[:x] = 1; Thread.current.thread_variables }
    t.value.should == []
  end
end
