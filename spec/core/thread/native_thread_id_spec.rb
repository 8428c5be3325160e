require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#native_thread_id" do
  it "returns a positive Integer for the current thread" do
    id = Thread.current.native_thread_id
    id.should be_kind_of(Integer)
    id.should > 0
  end

  it "returns an Integer for a running thread, read from inside it" do
    Thread.new { Thread.current.native_thread_id }.value.should be_kind_of(Integer)
  end

  it "returns nil for a dead thread" do
    ThreadSpecs.dead_thread.native_thread_id.should be_nil
  end
end
