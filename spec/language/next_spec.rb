require_relative '../spec_helper'
require_relative 'fixtures/break'

describe "The next statement in a block" do
  it "returns nil as the block's value without an argument" do
    [1, 2].map { |x| next if x == 1; x }.should == [nil, 2]
  end

  it "returns the value as the block's value" do
    [1, 2, 3].map { |x| next x * 100 if x.odd?; x }.should == [100, 2, 300]
  end

  it "returns several values as an Array" do
    [1].map { next 1, 2 }.should == [[1, 2]]
  end

  it "continues the yielding method" do
    LangBreakSpecs.yielder { next :n; :not }.should == [:after_yield, :n]
  end

  it "runs ensure in the block" do
    log = []
    [1, 2].each do |x|
      begin
        next if x == 1
        log << x
      ensure
        log << :e
      end
    end
    log.should == [:e, 2, :e]
  end
end

describe "The next statement in a loop" do
  it "skips to the next iteration of while" do
    i = 0
    r = []
    while i < 5
      i += 1
      next if i.even?
      r << i
    end
    r.should == [1, 3, 5]
  end

  it "skips to the next iteration of for" do
    r = []
    for i in 1..4
      next if i == 2
      r << i
    end
    r.should == [1, 3, 4]
  end

  it "skips in until" do
    i = 0
    r = []
    until i >= 4
      i += 1
      next if i == 3
      r << i
    end
    r.should == [1, 2, 4]
  end
end

describe "The redo statement" do
  it "restarts the block without re-evaluating the argument" do
    tries = 0
    r = []
    [1, 2].each do |x|
      tries += 1
      r << x
      redo if tries == 1
    end
    r.should == [1, 1, 2]
  end
end
