describe :queue_clear, shared: true do
  it "removes all objects from the queue" do
    q = @object.call
    q << Object.new
    q << 1
    q.empty?.should == false
    q.clear
    q.empty?.should == true
    q.size.should == 0
  end

  it "returns self" do
    q = @object.call
    q.clear.should equal(q)
  end

  it "works on a closed queue" do
    q = @object.call
    q << 1
    q.close
    q.clear
    q.size.should == 0
    q.closed?.should == true
  end
end
