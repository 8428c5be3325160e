require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#group" do
  it "is ThreadGroup::Default for the main thread" do
    Thread.main.group.should equal(ThreadGroup::Default)
  end

  it "is the group of the creating thread for a new thread" do
    Thread.new { Thread.current.group }.value.should equal(Thread.current.group)
  end

  it "changes when the thread is added to another group" do
    tg = ThreadGroup.new
    t = ThreadSpecs.sleeping_thread
    tg.add(t).should equal(tg)
    t.group.should equal(tg)
    tg.list.should == [t]
    ThreadGroup::Default.list.should_not include(t)
    ThreadSpecs.kill_and_join(t)
  end

  it "is inherited from a non-default group" do
    tg = ThreadGroup.new
    q = Queue.new
    parent = Thread.new { q.pop; Thread.new { Thread.current.group }.value }
    tg.add(parent)
    q << :go
    parent.value.should equal(tg)
  end
end

describe "ThreadGroup#list" do
  it "returns the live threads of the group" do
    tg = ThreadGroup.new
    tg.list.should == []
    t1 = ThreadSpecs.sleeping_thread
    t2 = ThreadSpecs.sleeping_thread
    tg.add(t1)
    tg.add(t2)
    tg.list.size.should == 2
    tg.list.should include(t1, t2)
    ThreadSpecs.kill_and_join(t1)
    tg.list.should == [t2]
    ThreadSpecs.kill_and_join(t2)
    tg.list.should == []
  end
end

describe "ThreadGroup::Default" do
  it "is a ThreadGroup" do
    ThreadGroup::Default.should be_an_instance_of(ThreadGroup)
  end

  it "includes the main thread" do
    ThreadGroup::Default.list.should include(Thread.main)
  end
end
