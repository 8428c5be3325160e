describe :queue_close, shared: true do
  it "may be called multiple times" do
    q = @object.call
    q.close
    q.closed?.should == true
    q.close
    q.closed?.should == true
  end

  it "returns self" do
    q = @object.call
    q.close.should equal(q)
  end

  it "keeps the elements that were already queued" do
    q = @object.call
    q << 1
    q.close
    q.size.should == 1
    q.empty?.should == false
  end
end
