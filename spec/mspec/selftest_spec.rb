# Self-test of the runner: every example here passes when the runner (and the
# Ruby running it) behaves.  Run with: scripts/mspec spec/mspec  (or --ruby)
require_relative '../spec_helper'

module MSpecSelfTest
  def self.helper
    :module_helper
  end
end

describe :mspec_selftest_shared, shared: true do
  it "sees @method and @object from it_behaves_like" do
    @object.send(@method).should == 3
  end

  it "runs the including context's before hooks" do
    @from_before.should == :set
  end
end

describe "MSpec runner" do
  before :all do
    @all = :once
  end

  before :each do
    @from_before = :set
    ScratchPad.clear
  end

  after :each do
    @from_before = nil
  end

  it "shares ivars from before(:all) and before(:each)" do
    @all.should == :once
    @from_before.should == :set
  end

  it "defines methods with def inside an example" do
    def selftest_helper
      :defined
    end
    selftest_helper.should == :defined
  end

  it "keeps methods defined by earlier examples (one environment per file)" do
    selftest_helper.should == :defined
  end

  it "supports the operator proxy" do
    (1 + 1).should == 2
    1.should_not == 2
    1.should != 2
    "abc".should =~ /b/
    "abc".should_not =~ /z/
    1.should < 2
    2.should <= 2
    3.should > 2
    3.should >= 3
    Integer.should === 1
  end

  it "supports predicates through the proxy" do
    [1, 2].should.include?(2)
    [1, 2].should_not.include?(3)
    [].should.empty?
    Mutex.new.should_not.locked?
  end

  it "supports should.raise / should_not.raise" do
    -> { raise ArgumentError, "x" }.should.raise(ArgumentError, "x")
    -> { :fine }.should_not.raise
  end

  it "fails a false operator expectation with SpecExpectationNotMetError" do
    -> { 1.should == 2 }.should raise_error(SpecExpectationNotMetError, /Expected 1 == 2/)
    -> { 1.should_not == 1 }.should raise_error(SpecExpectationNotMetError)
    -> { [1].should.include?(5) }.should raise_error(SpecExpectationNotMetError)
  end

  it "supports the value matchers" do
    nil.should be_nil
    true.should be_true
    false.should be_false
    [].should be_empty
    1.should be_kind_of(Numeric)
    1.should be_an_instance_of(Integer)
    [1, 2, 3].should include(1, 3)
    1.0.should be_close(1.05, 0.1)
    :a.should equal(:a)
    1.should eql(1)
    1.should_not eql(1.0)
    "x".should respond_to(:upcase)
  end

  it "fails value matchers that do not match" do
    -> { 1.should be_nil }.should raise_error(SpecExpectationNotMetError)
    -> { nil.should_not be_nil }.should raise_error(SpecExpectationNotMetError)
    -> { [1].should include(2) }.should raise_error(SpecExpectationNotMetError)
  end

  it "supports raise_error with a class, a message, a Regexp and a block" do
    -> { raise IndexError, "idx" }.should raise_error(IndexError)
    -> { raise IndexError, "idx" }.should raise_error(StandardError, "idx")
    -> { raise IndexError, "idx" }.should raise_error(IndexError, /i.x/)
    -> { raise IndexError, "idx" }.should raise_error(IndexError) { |e| ScratchPad.record e.message }
    ScratchPad.recorded.should == "idx"
    -> { 1 }.should_not raise_error
  end

  it "fails raise_error when nothing or something else is raised" do
    -> { -> { 1 }.should raise_error(IndexError) }.should raise_error(SpecExpectationNotMetError)
    -> { -> { raise "x" }.should raise_error(IndexError) }.should raise_error(SpecExpectationNotMetError)
    -> { -> { raise IndexError, "a" }.should raise_error(IndexError, "b") }.should raise_error(SpecExpectationNotMetError)
  end

  it "captures $stdout and $stderr with output" do
    -> { puts "out"; print "more" }.should output("out\nmore")
    -> { $stderr.write "err" }.should output(nil, "err")
    -> { $stdout.puts [1, [2]] }.should output(/1\n2\n/)
  end

  it "detects warnings with complain" do
    -> { warn "careful" }.should complain(/careful/)
    -> { 1 }.should_not complain
  end

  it "detects a blocking proc with block_caller" do
    -> { sleep }.should block_caller
    -> { 1 }.should_not block_caller
  end

  it "verifies mocks" do
    m = mock("selftest")
    m.should_receive(:a).twice.with(1, anything).and_return(:r1, :r2)
    m.a(1, 2).should == :r1
    m.a(1, 3).should == :r2
    m.should_receive(:b).any_number_of_times.and_return(0)
    m.should_not_receive(:c)
    m.should_receive(:d).exactly(2).times
    m.d
    m.d
    m.should_receive(:e).and_raise(ArgumentError)
    -> { m.e }.should raise_error(ArgumentError)
    m.should_receive(:f).and_yield(5)
    m.f { |x| x * 2 }.should == 10
    seen = []
    m.should_receive(:g).and_yield(1).and_yield(2, 3)
    m.g { |*a| seen << a }
    seen.should == [[1], [2, 3]]
    m.should_receive(:h).and_return(1, 2, 3)
    [m.h, m.h, m.h].should == [1, 2, 3]
  end

  it "makes mock_numeric a Numeric whose own methods call the mocked ones" do
    n = mock_numeric("selftest")
    n.should be_kind_of(Numeric)
    n.should_receive(:*).and_return(:square)
    n.abs2.should == :square
  end

  it "counts mock calls with wrong arguments as failures" do
    m = mock("selftest")
    m.should_receive(:a).with(1).any_number_of_times
    -> { m.a(2) }.should raise_error(SpecExpectationNotMetError)
  end

  it "restores methods of real objects after mocking" do
    s = "abc"
    s.should_receive(:size).and_return(99)
    s.size.should == 99
    MSpec.verify_and_reset_mocks(true).should be_nil
    s.size.should == 3
  end

  it "provides ScratchPad" do
    ScratchPad.recorded.should be_nil
    ScratchPad.record []
    ScratchPad << :a << :b
    ScratchPad.recorded.should == [:a, :b]
    ScratchPad.clear
    ScratchPad.recorded.should be_nil
  end

  it "counts should inside a Thread and a Fiber" do
    Thread.new { 1.should == 1 }.join
    Fiber.new { 2.should == 2 }.resume
    MSpec.example_expectations.should == 2
  end

  it "evaluates version guards for RUBY_VERSION" do
    MSpec.version_match?("3.4", "3.4.1").should == true
    MSpec.version_match?("3.5", "3.4.1").should == false
    MSpec.version_match?(""..."3.4", "3.4.1").should == false
    MSpec.version_match?("3.2".."3.4", "3.4.1").should == true
    MSpec.version_match?("3.2"..."3.4", "3.3.9").should == true
    ruby_version_is("0.1").should == true
  end

  it "evaluates platform and feature guards" do
    platform_is(:linux).should == true
    platform_is_not(:windows).should == true
    platform_is(wordsize: 64).should == true
    with_feature(:fiber).should == true
    guard(-> { true }).should == true
    guard_not(-> { true }).should == false
    ruby_bug("#0", "2.0").should == true
  end

  ruby_version_is ""..."1.0" do
    it "is never defined (guarded out)" do
      flunk
    end
  end

  it "fails with flunk" do
    -> { flunk "no" }.should raise_error(SpecExpectationNotMetError, "no")
  end

  it "builds fixture paths" do
    fixture("/a/b/c_spec.rb", "x.txt").should == "/a/b/fixtures/x.txt"
    fixture("/a/b/shared/c.rb", "x.txt").should == "/a/b/fixtures/x.txt"
  end

  it "defines the tolerance constants" do
    TIME_TOLERANCE.should be_kind_of(Float)
    TOLERANCE.should be_kind_of(Float)
  end

  it "calls helpers of fixture modules" do
    MSpecSelfTest.helper.should == :module_helper
  end

  describe "nested context" do
    before :each do
      @nested = @from_before
    end

    it "runs outer before(:each) hooks first" do
      @nested.should == :set
    end
  end

  it_behaves_like :mspec_selftest_shared, :size, [1, 2, 3]
end
