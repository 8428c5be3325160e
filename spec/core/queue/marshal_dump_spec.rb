require_relative '../../spec_helper'

describe "Queue#marshal_dump" do
  it "raises a TypeError" do
    -> { Queue.new.marshal_dump }.should raise_error(TypeError, "can't dump Thread::Queue")
  end
end
