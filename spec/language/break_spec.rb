require_relative '../spec_helper'
require_relative 'fixtures/break'

describe "The break statement in a block" do
  it "returns nil from the yielding method when given no value" do
    LangBreakSpecs.yielder { break }.should be_nil
  end

  it "returns the value from the yielding method" do
    LangBreakSpecs.yielder { break :value }.should == :value
  end

  it "returns several values as an Array" do
    LangBreakSpecs.yielder { break 1, 2 }.should == [1, 2]
  end

  it "stops the iteration" do
    seen = []
    r = LangBreakSpecs.each3 { |x| seen << x; break x * 10 if x == 2 }
    r.should == 20
    seen.should == [1, 2]
  end

  it "breaks out of a core iterator with a value" do
    [1, 2, 3, 4].each { |x| break x if x > 2 }.should == 3
    (1..Float::INFINITY).each { |i| break i if i * i > 50 }.should == 8
  end

  it "runs ensure clauses of the yielding method" do
    log = []
    LangBreakSpecs.ensure_log(log) { break :b }.should == :b
    log.should == [:ensure]
  end

  it "from a proc after its method ended raises LocalJumpError" do
    pr = LangBreakSpecs.make_break_proc
    -> { pr.call }.should raise_error(LocalJumpError)
  end

  it "in a lambda returns from the lambda" do
    l = -> { break :from_lambda; :no }
    l.call.should == :from_lambda
  end

  it "breaks only the innermost block" do
    r = [1, 2].map do |x|
      [10, 20].each { |y| break y + x }
    end
    r.should == [11, 12]
  end
end

describe "The break statement in a loop" do
  it "leaves a while loop and gives nil" do
    i = 0
    r = while true
      i += 1
      break if i > 3
    end
    r.should be_nil
    i.should == 4
  end

  it "leaves a while loop with a value" do
    i = 0
    r = while true
      i += 1
      break i * 2 if i == 3
    end
    r.should == 6
  end

  it "leaves an until loop" do
    i = 0
    r = until false
      i += 1
      break :u if i == 2
    end
    r.should == :u
  end

  it "leaves a loop do block with a value" do
    i = 0
    loop do
      i += 1
      break i if i == 7
    end.should == 7
  end

  it "leaves a for loop" do
    r = for i in 1..10
      break i if i == 4
    end
    r.should == 4
  end

  it "runs ensure inside the loop" do
    log = []
    while true
      begin
        break
      ensure
        log << :e
      end
    end
    log.should == [:e]
  end
end
