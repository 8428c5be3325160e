describe :queue_closed?, shared: true do
  it "returns false initially" do
    @object.call.closed?.should == false
  end

  it "returns true when the queue is closed" do
    q = @object.call
    q.close
    q.closed?.should == true
  end
end
