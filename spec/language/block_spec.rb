require_relative '../spec_helper'
require_relative 'fixtures/block'

describe "A block" do
  it "captures and mutates outer local variables" do
    total = 0
    [1, 2, 3].each { |x| total += x }
    total.should == 6
  end

  it "sees locals assigned after the block was created when they existed before" do
    a = 1
    b = -> { a }
    a = 2
    b.call.should == 2
  end

  it "creates block-local variables that do not leak out" do
    [1].each { |x| inner_local_zz = x }
    defined?(inner_local_zz).should be_nil
  end

  it "shadows outer variables with block-local ;-parameters" do
    x = 10
    [1, 2].each { |i; x| x = i }
    x.should == 10
  end

  it "outlives the frame that created it" do
    inc, get = LangBlockSpecs.make_counter
    inc.call
    inc.call
    inc.call
    get.call.should == 3
  end

  it "gives each closure its own copy of a per-call local" do
    procs = (1..3).map { |i| -> { i * 10 } }
    procs.map(&:call).should == [10, 20, 30]
  end

  it "shares a local between two closures made in the same frame" do
    inc, get = LangBlockSpecs.make_counter
    inc2, get2 = LangBlockSpecs.make_counter
    inc.call
    get.call.should == 1
    get2.call.should == 0
  end

  it "destructures an array argument over several parameters" do
    r = []
    [[1, 2], [3, 4]].each { |a, b| r << a + b }
    r.should == [3, 7]
  end

  it "destructures nested parameters" do
    r = []
    [[1, [2, 3]]].each { |a, (b, c)| r << [a, b, c] }
    r.should == [[1, 2, 3]]
  end

  it "takes a single array whole with one parameter" do
    LangBlockSpecs.yielder([1, 2]) { |a| a }.should == [1, 2]
  end

  it "takes a trailing comma parameter as the first element" do
    LangBlockSpecs.yielder([1, 2]) { |a, | a }.should == 1
  end

  it "fills missing parameters with nil and drops extras" do
    LangBlockSpecs.yielder(1) { |a, b| [a, b] }.should == [1, nil]
    LangBlockSpecs.yielder(1, 2, 3) { |a, b| [a, b] }.should == [1, 2]
  end

  it "accepts splat, optional, keyword and block parameters" do
    LangBlockSpecs.yielder(1, 2, 3) { |a, b = 5, *r| [a, b, r] }.should == [1, 2, [3]]
    LangBlockSpecs.yielder(1) { |a, b = 5, *r| [a, b, r] }.should == [1, 5, []]
    LangBlockSpecs.kw_yielder(1, k: 2) { |a, k: 0| [a, k] }.should == [1, 2]
  end

  it "supports numbered parameters" do
    [1, 2, 3].map { _1 * 2 }.should == [2, 4, 6]
    [[1, 2]].map { _1 + _2 }.should == [3]
  end

  it "supports the it parameter" do
    [1, 2, 3].map { it + 1 }.should == [2, 3, 4]
  end

  it "is passed with & from a Proc" do
    pr = proc { |x| x * 3 }
    [1, 2].map(&pr).should == [3, 6]
  end

  it "is passed with &:sym as a Symbol#to_proc" do
    %w[a b].map(&:upcase).should == ["A", "B"]
    [1, 2, 3].inject(&:+).should == 6
  end

  it "is passed through another method with &b" do
    LangBlockSpecs.pass_through { :through }.should == :through
  end

  it "is forwarded to a user-defined each" do
    c = LangBlockSpecs::Collector.new.add(1).add(2)
    r = []
    c.each { |x| r << x * 2 }
    r.should == [2, 4]
  end

  it "can be converted to a Proc and called later" do
    b = LangBlockSpecs.capture { |x| x + 1 }
    b.call(1).should == 2
    b.(2).should == 3
    b[3].should == 4
  end

  it "returns the value of its last expression" do
    LangBlockSpecs.yielder { 1; 2; 3 }.should == 3
  end

  it "yields multiple values and an array the same way to |a, b|" do
    r = []
    LangBlockSpecs.each_pair_yield { |a, b| r << [a, b] }
    r.should == [[1, 2], [3, 4]]
  end

  it "sees self of the place where it was written" do
    me = self
    LangBlockSpecs.yielder { self }.should equal(me)
  end
end

describe "block_given?" do
  it "is true when a block is passed" do
    LangBlockSpecs.given? { }.should == true
  end

  it "is false when no block is passed" do
    LangBlockSpecs.given?.should == false
  end

  it "is true when a Proc is passed with &" do
    pr = proc { }
    LangBlockSpecs.given?(&pr).should == true
  end

  it "is false when nil is passed with &" do
    LangBlockSpecs.given?(&nil).should == false
  end
end

describe "A closure" do
  it "created in a while loop shares the loop's local" do
    procs = []
    i = 0
    while i < 3
      procs << -> { i }
      i += 1
    end
    procs.map(&:call).should == [3, 3, 3]
  end

  it "created per block iteration captures that iteration's parameter" do
    procs = []
    [1, 2, 3].each { |x| procs << -> { x } }
    procs.map(&:call).should == [1, 2, 3]
  end

  it "captures a local declared inside the block per iteration" do
    procs = []
    3.times do |i|
      sq = i * i
      procs << proc { sq }
    end
    procs.map(&:call).should == [0, 1, 4]
  end

  it "mutates a captured variable seen by the defining scope after the call" do
    x = 1
    change = -> { x = 42 }
    change.call
    x.should == 42
  end

  it "keeps captured state alive after the method returns, per call" do
    def lang_make_acc(start)
      total = start
      ->(n) { total += n }
    end
    a = lang_make_acc(10)
    b = lang_make_acc(100)
    a.(1)
    a.(2).should == 13
    b.(1).should == 101
  end

  it "captures self and instance variables of the defining object" do
    @lang_closure_iv = :mine
    pr = proc { @lang_closure_iv }
    pr.call.should == :mine
  end

  it "nested closures see all enclosing locals" do
    a = 1
    outer = -> {
      b = 2
      inner = -> { a + b }
      inner.call
    }
    outer.call.should == 3
  end

  it "can be stored in a hash and called later" do
    ops = {add: ->(a, b) { a + b }, mul: proc { |a, b| a * b }}
    ops[:add].(2, 3).should == 5
    ops[:mul].call(2, 3).should == 6
  end

  it "can call itself recursively through a captured local" do
    fact = nil
    fact = ->(n) { n <= 1 ? 1 : n * fact.(n - 1) }
    fact.(5).should == 120
  end
end

