describe :queue_empty?, shared: true do
  it "returns true on an empty queue" do
    @object.call.empty?.should == true
  end

  it "returns false when the queue has items" do
    q = @object.call
    q << Object.new
    q.empty?.should == false
  end

  it "returns true again when the items are popped" do
    q = @object.call
    q << 1
    q.pop
    q.empty?.should == true
  end
end
