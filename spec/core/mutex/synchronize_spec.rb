require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex#synchronize" do
  it "returns the value of the block" do
    Mutex.new.synchronize { :block_value }.should == :block_value
  end

  it "holds the lock while the block runs and releases it afterwards" do
    m = Mutex.new
    m.synchronize do
      m.locked?.should == true
      m.owned?.should == true
    end
    m.locked?.should == false
  end

  it "releases the lock when the block raises" do
    m = Mutex.new
    -> { m.synchronize { raise ArgumentError, "in block" } }.should raise_error(ArgumentError, "in block")
    m.locked?.should == false
  end

  it "releases the lock when the block breaks" do
    m = Mutex.new
    r = m.synchronize { break :broken if m.locked?; :not_broken }
    r.should == :broken
    m.locked?.should == false
  end

  it "releases the lock when the thread is killed inside the block" do
    m = Mutex.new
    t = Thread.new { m.synchronize { sleep } }
    ThreadSpecs.wait_until_sleeping(t)
    m.locked?.should == true
    ThreadSpecs.kill_and_join(t)
    m.locked?.should == false
  end

  it "releases the lock when a method returns from inside the block" do
    m = Mutex.new
    obj = Object.new
    def obj.run(m)
      m.synchronize { return :returned }
      :not_returned
    end
    obj.run(m).should == :returned
    m.locked?.should == false
  end

  it "raises ThreadError without a block" do
    -> { Mutex.new.synchronize }.should raise_error(ThreadError, "must be called with a block")
  end

  it "raises ThreadError when called recursively" do
    m = Mutex.new
    -> { m.synchronize { m.synchronize { } } }.should raise_error(ThreadError, "deadlock; recursive locking")
    m.locked?.should == false
  end

  it "blocks while another thread holds the lock" do
    m = Mutex.new
    m.lock
    -> { m.synchronize { } }.should block_caller
    m.unlock
  end

  it "makes a read-modify-write sequence atomic between threads" do
    m = Mutex.new
    count = 0
    threads = []
    4.times do
      threads << Thread.new do
        1000.times do
          m.synchronize do
            c = count
            Thread.pass if c % 100 == 0
            count = c + 1
          end
        end
      end
    end
    threads.each { |t| t.join }
    count.should == 4000
  end
end
