require_relative '../spec_helper'
require_relative 'fixtures/proc'

describe "Proc.new and proc" do
  it "create a Proc that is not a lambda" do
    Proc.new { }.lambda?.should == false
    proc { }.lambda?.should == false
  end

  it "ignore extra arguments and fill missing ones with nil" do
    pr = proc { |a, b| [a, b] }
    pr.call(1).should == [1, nil]
    pr.call(1, 2, 3).should == [1, 2]
  end

  it "auto-splat a single array argument" do
    proc { |a, b| [a, b] }.call([1, 2]).should == [1, 2]
  end

  it "report arity" do
    proc { }.arity.should == 0
    proc { |a| }.arity.should == 1
    proc { |a, b| }.arity.should == 2
    proc { |a, *b| }.arity.should == -2
    proc { |*a| }.arity.should == -1
    proc { || }.arity.should == 0
  end

  it "report the arity of |a, b = 1| as 1 (a proc's optional parameters do not count)" do
    proc { |a, b = 1| }.arity.should == 1
  end

  it "with an excess comma |a, | report the arity and parameters of |a|" do
    proc { |a, | }.arity.should == 1
    proc { |a, b, | }.arity.should == 2
    proc { |a, | }.parameters.should == [[:opt, :a]]
    lambda { |a, | }.arity.should == 1
    lambda { |a, | }.parameters.should == [[:req, :a]]
  end

  it "with an excess comma |a, | destructure an Array argument" do
    proc { |a, | a }.call([1, 2]).should == 1
    proc { |a, | a }.call(3).should == 3
    [[1, 2], [3, 4]].map { |a, | a }.should == [1, 3]
    proc { |a, b, | [a, b] }.call([1, 2, 3]).should == [1, 2]
  end

  it "with an excess comma |a, | as a lambda check arity strictly" do
    l = lambda { |a, | a }
    l.call([1, 2]).should == [1, 2]
    -> { l.call(1, 2) }.should raise_error(ArgumentError, "wrong number of arguments (given 2, expected 1)")
  end

  it "report parameters as optional" do
    proc { |a, b| }.parameters.should == [[:opt, :a], [:opt, :b]]
  end

  it "return from the enclosing method" do
    LangProcSpecs.proc_return.should == :from_proc
  end

  it "return from the method from inside each" do
    LangProcSpecs.each_return.should == 20
  end

  it "return from the method through nested blocks" do
    LangProcSpecs.nested_return.should == :deep
  end

  it "raise LocalJumpError when returning after the method ended" do
    pr = LangProcSpecs.make_proc_return
    -> { pr.call }.should raise_error(LocalJumpError)
  end

  it "are called with call, (), [], yield and ===" do
    pr = proc { |x| x.to_s }
    pr.call(1).should == "1"
    pr.(2).should == "2"
    pr[3].should == "3"
    pr.yield(4).should == "4"
    (pr === 5).should == "5"
  end

  it "are returned by to_proc unchanged" do
    pr = proc { }
    pr.to_proc.should equal(pr)
  end

  it "capture the block given to a method with &" do
    b = LangProcSpecs.block_to_proc { |x| x * 2 }
    b.call(21).should == 42
    b.lambda?.should == false
  end

  it "can be composed with >> and <<" do
    f = proc { |x| x + 1 }
    g = proc { |x| x * 2 }
    (f >> g).call(3).should == 8
    (f << g).call(3).should == 7
  end

  it "can be curried" do
    add = proc { |a, b, c| (a || 0) + (b || 0) + (c || 0) }
    add.curry[1][2][3].should == 6
  end
end

describe "LocalJumpError" do
  it "has reason :return and the exit value for a return from an orphan proc" do
    pr = LangProcSpecs.make_proc_return
    begin
      pr.call
    rescue LocalJumpError => e
      e.message.should == "unexpected return"
      e.reason.should == :return
      e.exit_value.should == 1
    end
  end

  it "has reason :break for a break from an orphan proc" do
    pr = LangProcSpecs.make_break_proc
    begin
      pr.call
    rescue LocalJumpError => e
      e.message.should == "break from proc-closure"
      e.reason.should == :break
      e.exit_value.should == :late
    end
  end

  it "has reason :noreason for yield without a block" do
    begin
      LangProcSpecs.yield_no_block
    rescue LocalJumpError => e
      e.message.should == "no block given (yield)"
      e.reason.should == :noreason
    end
  end
end

describe "next in a proc" do
  it "returns a value from the proc" do
    pr = proc { |x| next x * 2 if x > 1; :small }
    pr.call(5).should == 10
    pr.call(0).should == :small
  end
end
