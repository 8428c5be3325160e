require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'

describe "SizedQueue under load" do
  it "moves 100,000 items through a 3-stage pipeline with none lost or duplicated" do
    n = 100_000
    q1 = SizedQueue.new(64)
    q2 = SizedQueue.new(64)
    q3 = SizedQueue.new(64)
    producer = Thread.new do
      i = 0
      while i < n
        q1 << i
        i += 1
      end
      q1.close
    end
    stage2 = Thread.new do
      while (x = q1.pop)
        q2 << x * 2
      end
      q2.close
    end
    stage3 = Thread.new do
      while (x = q2.pop)
        q3 << x + 1
      end
      q3.close
    end
    seen = Array.new(n, false)
    count = 0
    dups = 0
    bad = 0
    while (y = q3.pop)
      i = (y - 1) / 2
      if i < 0 || i >= n || y != i * 2 + 1
        bad += 1
      elsif seen[i]
        dups += 1
      else
        seen[i] = true
      end
      count += 1
    end
    [producer, stage2, stage3].each { |t| t.join }
    count.should == n
    dups.should == 0
    bad.should == 0
    seen.all?.should == true
  end

  it "keeps each producer's items in order with 4 producers and 4 consumers" do
    q = SizedQueue.new(16)
    per = 5_000
    producers = []
    4.times do |p|
      producers << Thread.new do
        per.times { |i| q << [p, i] }
      end
    end
    results = Queue.new
    consumers = []
    4.times do
      consumers << Thread.new do
        got = []
        while (item = q.pop)
          got << item
        end
        results << got
      end
    end
    producers.each { |t| t.join }
    q.close
    consumers.each { |t| t.join }
    all = []
    4.times { all.concat(results.pop) }
    all.size.should == 4 * per
    by_producer = all.group_by { |item| item[0] }
    by_producer.keys.sort.should == [0, 1, 2, 3]
    by_producer.each_value do |items|
      items.map { |item| item[1] }.sort.should == (0...per).to_a
    end
  end
end
