require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#thread_variable?" do
  before :each do
    @t = Thread.new { }
    @t.join
  end

  it "is false for an unset variable" do
    @t.thread_variable?(:a).should == false
  end

  it "is true for a set variable" do
    @t.thread_variable_set(:a, 1)
    @t.thread_variable?(:a).should == true
    @t.thread_variable?("a").should == true
  end

  it "is false for a variable set to nil" do
    @t.thread_variable_set(:a, nil)
    @t.thread_variable?(:a).should == false
  end

  it "is true for a variable set to false" do
    @t.thread_variable_set(:a, false)
    @t.thread_variable?(:a).should == true
  end

  ruby_version_is ""..."3.4" do
    it "returns false for a key that is not a Symbol or String" do
      @t.thread_variable?(1).should == false
    end
  end

  ruby_version_is "3.4" do
    it "raises TypeError for a key that is not a Symbol or String" do
      -> { @t.thread_variable?(1) }.should raise_error(TypeError, "1 is not a symbol nor a string")
    end
  end
end
