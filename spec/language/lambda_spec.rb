require_relative '../spec_helper'
require_relative 'fixtures/proc'

describe "A lambda" do
  it "is created by lambda and ->" do
    lambda { }.lambda?.should == true
    -> { }.lambda?.should == true
  end

  it "checks the number of arguments strictly" do
    l = ->(a, b) { [a, b] }
    l.call(1, 2).should == [1, 2]
    -> { l.call(1) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2)")
    -> { l.call(1, 2, 3) }.should raise_error(ArgumentError, "wrong number of arguments (given 3, expected 2)")
  end

  it "does not auto-splat an array" do
    l = ->(a, b) { [a, b] }
    -> { l.call([1, 2]) }.should raise_error(ArgumentError)
  end

  it "accepts optional, rest, keyword and block parameters" do
    l = ->(a, b = 2, *r, k: 3, &blk) { [a, b, r, k, blk ? blk.call : nil] }
    l.call(1).should == [1, 2, [], 3, nil]
    l.call(1, 5, 6, k: 7) { :b }.should == [1, 5, [6], 7, :b]
  end

  it "reports arity" do
    -> { }.arity.should == 0
    ->(a) { }.arity.should == 1
    ->(a, b = 1) { }.arity.should == -2
    ->(*a) { }.arity.should == -1
    ->(a, *b, c) { }.arity.should == -3
  end

  it "reports arity with required keywords" do
    ->(a, k:) { }.arity.should == 2
    ->(k: 1) { }.arity.should == -1
    ->(a, b:, c: 1) { }.arity.should == 2
    ->(**kw) { }.arity.should == -1
    ->(a, **kw) { }.arity.should == -2
    ->(a, k: 1) { }.arity.should == -2
    ->(*a, k:) { }.arity.should == -2
    proc { |a, k:| }.arity.should == 2
    proc { |k:| }.arity.should == 1
  end

  it "reports parameters" do
    ->(a, b = 1, *c, d, e:, f: 2, **g, &h) { }.parameters.should ==
      [[:req, :a], [:opt, :b], [:rest, :c], [:req, :d], [:keyreq, :e], [:key, :f], [:keyrest, :g], [:block, :h]]
  end

  it "returns from itself only" do
    LangProcSpecs.lambda_return.should == :after
  end

  it "returns with return from a nested block" do
    l = -> { [1, 2].each { |x| return x * 5 }; :no }
    l.call.should == 5
  end

  it "returns multiple values as an array" do
    l = -> { return 1, 2 }
    l.call.should == [1, 2]
  end

  it "uses next to return a value" do
    l = ->(x) { next :big if x > 10; :small }
    l.call(11).should == :big
    l.call(1).should == :small
  end

  it "closes over locals" do
    n = 5
    add = ->(x) { x + n }
    n = 6
    add.call(1).should == 7
  end

  it "keeps lambda-ness when passed with & and called" do
    l = ->(x) { x }
    LangProcSpecs.block_to_proc(&l).lambda?.should == true
  end

  it "can be curried" do
    add3 = ->(a, b, c) { a + b + c }
    add3.curry[1][2][3].should == 6
    add3.curry.(1, 2).(3).should == 6
  end

  it "can be composed" do
    sq = ->(x) { x * x }
    inc = ->(x) { x + 1 }
    (sq >> inc).call(3).should == 10
    (sq << inc).call(3).should == 16
  end

  it "is created from a method with method(:name).to_proc" do
    l = 1.method(:+).to_proc
    l.lambda?.should == true
    l.call(2).should == 3
  end
end
