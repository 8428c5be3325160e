require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "SizedQueue#max" do
  it "returns the size given to new" do
    SizedQueue.new(5).max.should == 5
  end

  it "returns the value set with max=" do
    q = SizedQueue.new(5)
    q.max = 7
    q.max.should == 7
  end
end

describe "SizedQueue#max=" do
  it "returns its argument" do
    q = SizedQueue.new(5)
    (q.max = 3).should == 3
  end

  it "raises ArgumentError for zero or a negative size" do
    q = SizedQueue.new(5)
    -> { q.max = 0 }.should raise_error(ArgumentError, "queue size must be positive")
    -> { q.max = -1 }.should raise_error(ArgumentError, "queue size must be positive")
    q.max.should == 5
  end

  it "raises TypeError for a non-Integer" do
    -> { SizedQueue.new(5).max = "2" }.should raise_error(TypeError)
  end

  it "does not drop elements when shrunk below the current size" do
    q = SizedQueue.new(5)
    4.times { |i| q << i }
    q.max = 2
    q.size.should == 4
    [q.pop, q.pop, q.pop, q.pop].should == [0, 1, 2, 3]
  end

  it "blocks pushers again after shrinking" do
    q = SizedQueue.new(5)
    q << 1
    q << 2
    q.max = 2
    -> { q << 3 }.should block_caller
  end

  it "wakes blocked pushers when the size is increased" do
    q = SizedQueue.new(1)
    q << 0
    threads = []
    3.times { |i| threads << Thread.new { q << (i + 1); :pushed } }
    threads.each { |t| ThreadSpecs.wait_until_sleeping(t) }
    q.num_waiting.should == 3
    q.max = 4
    threads.map { |t| t.value }.should == [:pushed, :pushed, :pushed]
    q.size.should == 4
    q.num_waiting.should == 0
  end
end
