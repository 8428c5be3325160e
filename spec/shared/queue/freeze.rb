describe :queue_freeze, shared: true do
  ruby_version_is ""..."3.3" do
    it "can be frozen" do
      q = @object.call
      q.freeze
      q.frozen?.should == true
    end
  end

  ruby_version_is "3.3" do
    it "raises a TypeError" do
      q = @object.call
      -> { q.freeze }.should raise_error(TypeError, /cannot freeze/)
      q.frozen?.should == false
    end
  end
end
