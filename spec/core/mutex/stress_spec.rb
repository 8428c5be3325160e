require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Mutex under contention" do
  it "loses no increment with 4 threads x 100,000 synchronize blocks" do
    m = Mutex.new
    counter = 0
    threads = []
    4.times do
      threads << Thread.new do
        i = 0
        while i < 100_000
          m.synchronize { counter += 1 }
          i += 1
        end
      end
    end
    threads.each { |t| t.join }
    counter.should == 400_000
    m.locked?.should == false
  end

  it "keeps per-thread counts exact when every thread updates a shared Hash" do
    m = Mutex.new
    counts = {}
    threads = []
    4.times do |n|
      threads << Thread.new do
        5_000.times do
          m.synchronize { counts[n] = (counts[n] || 0) + 1 }
        end
      end
    end
    threads.each { |t| t.join }
    counts.should == { 0 => 5_000, 1 => 5_000, 2 => 5_000, 3 => 5_000 }
  end

  it "gives every try_lock loser a later turn" do
    m = Mutex.new
    got = []
    threads = []
    8.times do |n|
      threads << Thread.new do
        until m.try_lock
          Thread.pass
        end
        got << n
        m.unlock
      end
    end
    threads.each { |t| t.join }
    got.sort.should == [0, 1, 2, 3, 4, 5, 6, 7]
  end
end
