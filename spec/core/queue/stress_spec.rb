require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "Queue under load" do
  it "delivers every item exactly once to 4 competing consumers" do
    q = Queue.new
    n = 40_000
    consumers = []
    4.times do
      consumers << Thread.new do
        sum = 0
        count = 0
        while (x = q.pop)
          sum += x
          count += 1
        end
        [sum, count]
      end
    end
    i = 0
    while i < n
      q << i
      i += 1
    end
    q.close
    totals = consumers.map { |t| t.value }
    totals.map { |s| s[1] }.sum.should == n
    totals.map { |s| s[0] }.sum.should == n * (n - 1) / 2
  end

  it "hands items between two threads in strict ping-pong 10,000 times" do
    ping = Queue.new
    pong = Queue.new
    t = Thread.new do
      10_000.times { pong << ping.pop + 1 }
    end
    x = 0
    10_000.times do
      ping << x
      x = pong.pop
    end
    t.join
    x.should == 10_000
  end
end
