describe :queue_length, shared: true do
  it "returns the number of elements" do
    q = @object.call
    q.send(@method).should == 0
    q << Object.new
    q << Object.new
    q.send(@method).should == 2
  end

  it "decreases as elements are popped" do
    q = @object.call
    q << 1
    q << 2
    q.pop
    q.send(@method).should == 1
  end

  it "does not count waiting threads" do
    q = @object.call
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t)
    q.send(@method).should == 0
    q << :done
    t.join
  end
end
