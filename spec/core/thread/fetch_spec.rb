require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#fetch" do
  after :each do
    Thread.current[:thread_spec_f] = nil
  end

  it "returns the value of a set key" do
    Thread.current[:thread_spec_f] = :value
    Thread.current.fetch(:thread_spec_f).should == :value
  end

  it "accepts a String key" do
    Thread.current[:thread_spec_f] = :value
    Thread.current.fetch("thread_spec_f").should == :value
  end

  it "raises a KeyError for a missing key" do
    -> { Thread.current.fetch(:thread_spec_missing) }.should raise_error(KeyError, "key not found: :thread_spec_missing")
  end

  it "returns the default for a missing key" do
    Thread.current.fetch(:thread_spec_missing, :dflt).should == :dflt
  end

  it "yields the key to the block for a missing key" do
    Thread.current.fetch(:thread_spec_missing) { |k| [k, :from_block] }.should == [:thread_spec_missing, :from_block]
  end

  it "ignores the default when the key is set" do
    Thread.current[:thread_spec_f] = 1
    Thread.current.fetch(:thread_spec_f, 2).should == 1
    Thread.current.fetch(:thread_spec_f) { 3 }.should == 1
  end

  it "raises ArgumentError with too many arguments" do
    -> { Thread.current.fetch(:a, 1, 2) }.should raise_error(ArgumentError)
  end

  it "raises TypeError for a key that is not a Symbol or String" do
    -> { Thread.current.fetch(1) }.should raise_error(TypeError)
  end
end
