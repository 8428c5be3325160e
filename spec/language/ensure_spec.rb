require_relative '../spec_helper'
require_relative 'fixtures/ensure'

describe "An ensure clause" do
  before :each do
    @log = []
  end

  it "runs when the body completes normally" do
    begin
      @log << :body
    ensure
      @log << :ensure
    end
    @log.should == [:body, :ensure]
  end

  it "runs on return" do
    LangEnsureSpecs.on_return(@log).should == :ret
    @log.should == [:ensure]
  end

  it "runs when an exception propagates" do
    -> { LangEnsureSpecs.on_raise(@log) }.should raise_error(RuntimeError, "x")
    @log.should == [:ensure]
  end

  it "runs on throw" do
    LangEnsureSpecs.on_throw(@log).should == :thrown
    @log.should == [:ensure]
  end

  it "runs on break from a block" do
    LangEnsureSpecs.on_break(@log).should == :broke
    @log.should == [:ensure]
  end

  it "runs on next in a block" do
    LangEnsureSpecs.on_next(@log).should == [2, 4]
    @log.should == [1, 2]
  end

  it "runs on a non-local return from a block" do
    LangEnsureSpecs.proc_return(@log).should == :nonlocal
    @log.should == [:ensure]
  end

  it "runs nested clauses inner first" do
    -> { LangEnsureSpecs.nested(@log) }.should raise_error(RuntimeError)
    @log.should == [:inner, :outer]
  end

  it "does not change the value of the begin block" do
    LangEnsureSpecs.value_of_ensure.should == :body
  end

  it "replaces the exception when it raises itself" do
    -> { LangEnsureSpecs.ensure_raises }.should raise_error(ArgumentError, "second")
  end

  it "runs after rescue and else" do
    begin
      @log << :body
    rescue
      @log << :rescue
    else
      @log << :else
    ensure
      @log << :ensure
    end
    @log.should == [:body, :else, :ensure]
  end

  it "runs after a rescue clause handled the error" do
    begin
      raise "e"
    rescue
      @log << :rescue
    ensure
      @log << :ensure
    end
    @log.should == [:rescue, :ensure]
  end

  it "runs in the yielding method when the block breaks" do
    r = LangEnsureSpecs.yield_ensure(@log) { break :from_block }
    r.should == :from_block
    @log.should == [:yield_ensure]
  end

  it "runs when a loop is left with break" do
    i = 0
    while true
      begin
        i += 1
        break if i == 2
      ensure
        @log << i
      end
    end
    @log.should == [1, 2]
  end

  it "runs when an exception comes from a nested method in a block" do
    -> {
      LangEnsureSpecs.yield_ensure(@log) { raise IndexError, "from block" }
    }.should raise_error(IndexError, "from block")
    @log.should == [:yield_ensure]
  end
end
