require_relative '../../spec_helper'
require_relative 'fixtures/classes'

describe "Thread#inspect" do
  it "describes the current thread as running" do
    Thread.current.inspect.should =~ /\A#<Thread:0x\h+ run>\z/
  end

  it "describes a sleeping thread with its creation site" do
    t = ThreadSpecs.sleeping_thread
    t.inspect.should =~ /\A#<Thread:0x\h+ \S+:\d+ sleep>\z/
    ThreadSpecs.kill_and_join(t)
  end

  it "includes the name after an @" do
    t = ThreadSpecs.sleeping_thread
    t.name = "named"
    t.inspect.should =~ /\A#<Thread:0x\h+@named \S+:\d+ sleep>\z/
    ThreadSpecs.kill_and_join(t)
  end

  it "describes a finished thread as dead" do
    t = ThreadSpecs.dead_thread
    t.inspect.should =~ /\A#<Thread:0x\h+ \S+:\d+ dead>\z/
  end

  it "names the file where the thread was created" do
    t = ThreadSpecs.dead_thread
    t.inspect.should include("fixtures/classes.rb:")
  end
end
