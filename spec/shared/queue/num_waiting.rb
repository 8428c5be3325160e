describe :queue_num_waiting, shared: true do
  it "reports 0 when no threads are waiting" do
    @object.call.num_waiting.should == 0
  end

  it "reports the number of threads waiting on the queue" do
    q = @object.call
    threads = []
    5.times do |i|
      threads << Thread.new { q.pop }
      ThreadSpecs.wait_until_sleeping(threads.last)
      q.num_waiting.should == i + 1
    end
    5.times { q << Object.new }
    threads.each { |t| t.join }
    q.num_waiting.should == 0
  end

  it "decreases when a waiting thread is killed" do
    q = @object.call
    t = Thread.new { q.pop }
    ThreadSpecs.wait_until_sleeping(t)
    q.num_waiting.should == 1
    ThreadSpecs.kill_and_join(t)
    q.num_waiting.should == 0
  end
end
