require_relative '../spec_helper'

module LangVarSpecs
  class Rec
    attr_accessor :a, :b
    def initialize() @h = {} end
    def [](k) @h[k] end
    def []=(k, v) @h[k] = v end
  end
  def self.pair() return 1, 2 end

  # Each method checks when a bare name is a method call and when it is a
  # local: a name is a local only after the parser has seen an assignment
  # to it earlier in the scope (textually), whatever runs at run time.
  class Shadow
    def sh() :method end

    def use_before_assign
      a = sh
      sh = :local
      [a, sh, sh()]
    end

    def self_assign
      sh = sh
      sh
    end

    def assign_not_run
      sh = 1 if false
      sh
    end

    def argument_before_assign
      r = []
      r.push(sh); sh = 1
      r.push(sh)
    end

    def block_param
      r = [5].map { |sh| sh }
      [r, sh]
    end

    def block_local_assign
      [1].each { sh = 2 }
      sh
    end

    def lambda_before_outer_assign
      pr = -> { sh }
      sh = :local
      [pr.call, sh]
    end

    def or_assign
      r = (sh ||= 1)
      [r, sh]
    end

    def multiple_assign
      a = sh
      sh, b = 1, 2
      [a, sh, b]
    end

    def rescue_var
      a = sh
      begin
        raise "boom"
      rescue => sh
      end
      [a, sh.message]
    end

    def named_capture
      a = sh
      /(?<sh>.)/ =~ "z"
      [a, sh]
    end

    def for_var
      a = sh
      for sh in [3]; end
      [a, sh]
    end

    def case_in_bind
      a = sh
      case [4]
      in [sh] then nil
      end
      [a, sh]
    end

    def rightward_bind
      a = sh
      5 => sh
      [a, sh]
    end

    def defined_before_after
      a = defined?(sh)
      sh = 1
      [a, defined?(sh), sh]
    end

    def loop_before_assign
      r = []
      i = 0
      while i < 2
        r << sh
        sh = i
        i += 1
      end
      r << sh
    end
  end
end

describe "Multiple assignment" do
  it "assigns in parallel" do
    a, b = 1, 2
    [a, b].should == [1, 2]
  end

  it "swaps values" do
    a, b = 1, 2
    a, b = b, a
    [a, b].should == [2, 1]
  end

  it "splats an array on the right" do
    a, b, c = [1, 2]
    [a, b, c].should == [1, 2, nil]
  end

  it "drops extra values" do
    a, b = 1, 2, 3
    [a, b].should == [1, 2]
  end

  it "collects the rest with a splat" do
    a, *b = 1, 2, 3
    [a, b].should == [1, [2, 3]]
    *a, b = 1, 2, 3
    [a, b].should == [[1, 2], 3]
    a, *b, c = 1
    [a, b, c].should == [1, [], nil]
  end

  it "destructures nested targets" do
    a, (b, c), d = 1, [2, 3], 4
    [a, b, c, d].should == [1, 2, 3, 4]
    (a, b), c = [1, 2], 3
    [a, b, c].should == [1, 2, 3]
  end

  it "assigns to attributes, indexes and instance variables" do
    r = LangVarSpecs::Rec.new
    r.a, r[:k], @lang_iv = 1, 2, 3
    [r.a, r[:k], @lang_iv].should == [1, 2, 3]
  end

  it "returns the right-hand side" do
    (a, b = 1, 2).should == [1, 2]
    x = [5, 6]
    (a, b = x).should equal(x)
  end

  it "destructures a method's multiple return values" do
    a, b = LangVarSpecs.pair
    (a + b).should == 3
  end

  it "calls to_ary on the right-hand side object" do
    o = Object.new
    def o.to_ary() [7, 8] end
    a, b = o
    [a, b].should == [7, 8]
  end

  it "wraps a non-array single value" do
    a, b = 1
    [a, b].should == [1, nil]
    a, b = nil
    [a, b].should == [nil, nil]
  end

  it "splats in the middle of the right-hand side" do
    arr = [2, 3]
    a, b, c, d = 1, *arr, 4
    [a, b, c, d].should == [1, 2, 3, 4]
  end
end

describe "Operator assignment" do
  it "supports +=, -=, *=, /=, %=, **=, <<=, |=, &=" do
    x = 10
    x += 5; x.should == 15
    x -= 3; x.should == 12
    x *= 2; x.should == 24
    x /= 5; x.should == 4
    x %= 3; x.should == 1
    x **= 3; x.should == 1
    y = 1
    y <<= 4; y.should == 16
    y |= 1; y.should == 17
    y &= 3; y.should == 1
  end

  it "supports ||= on locals, evaluating the right side only when needed" do
    a = nil
    a ||= 1
    a.should == 1
    calls = 0
    a ||= (calls += 1)
    calls.should == 0
  end

  it "supports &&=" do
    a = 1
    a &&= a + 1
    a.should == 2
    b = nil
    b &&= 5
    b.should be_nil
  end

  it "works on attributes" do
    r = LangVarSpecs::Rec.new
    r.a = 1
    r.a += 2
    r.a.should == 3
    r.b ||= :set
    r.b ||= :again
    r.b.should == :set
  end

  it "works on index expressions, evaluating the index once" do
    r = LangVarSpecs::Rec.new
    n = 0
    r[n += 1] = 10
    r[1] += 5
    r[1].should == 15
    h = Hash.new(0)
    "abca".each_char { |c| h[c] += 1 }
    h.should == {"a" => 2, "b" => 1, "c" => 1}
  end

  it "supports ||= on hash entries" do
    h = {}
    (h[:list] ||= []) << 1
    (h[:list] ||= []) << 2
    h.should == {list: [1, 2]}
  end

  it "supports ||= on instance, class-level and global variables" do
    @lang_oa ||= :iv
    @lang_oa.should == :iv
    $lang_oa_g ||= :gv
    $lang_oa_g.should == :gv
  end

  it "supports ||= on constants via scoped assignment" do
    LangVarSpecs::ORC ||= 1
    LangVarSpecs::ORC.should == 1
  end

  it "keeps a defined scoped constant with ||= and does not evaluate the value" do
    LangVarSpecs::ORC2 ||= :first
    LangVarSpecs::ORC2 ||= raise("not evaluated")
    LangVarSpecs::ORC2.should == :first
  end

  it "evaluates the scope of a scoped constant operator assignment once" do
    ScratchPad.record []
    scope = -> { ScratchPad << :scope; LangVarSpecs }
    scope.call::ORC3 ||= 10
    scope.call::ORC3 ||= 20
    ScratchPad.recorded.should == [:scope, :scope]
    LangVarSpecs::ORC3.should == 10
  end

  it "supports ||= on top-level scoped constants" do
    ::LANG_VAR_TOP_ORC ||= :top
    LANG_VAR_TOP_ORC.should == :top
  end

  it "supports &&= on scoped constants" do
    LangVarSpecs::ORC4 = 1
    LangVarSpecs::ORC4 &&= 2
    LangVarSpecs::ORC4.should == 2
  end

  it "raises TypeError when the scope of ||= is not a class or module" do
    -> { 1::LANG_X ||= 2 }.should raise_error(TypeError, "1 is not a class/module")
  end

  it "returns the assigned value" do
    a = 1
    (a += 1).should == 2
    (b ||= 3).should == 3
  end
end

describe "Local variables" do
  it "are nil when assigned in an unexecuted branch" do
    if false
      lang_unset = 1
    end
    lang_unset.should be_nil
  end

  it "are visible after a while loop that assigned them" do
    i = 0
    while i < 1
      inner = :set
      i += 1
    end
    inner.should == :set
  end

  it "shadow methods of the same name once assigned" do
    def lang_shadowed() :method end
    lang_shadowed.should == :method
    lang_shadowed = :local
    lang_shadowed.should == :local
    lang_shadowed().should == :method
  end
end

describe "Global variables" do
  it "are shared everywhere and default to nil" do
    $lang_never_assigned_zz.should be_nil
    $lang_g1 = 5
    def lang_read_g() $lang_g1 end
    lang_read_g.should == 5
  end

  it "include special variables" do
    $0.should be_kind_of(String)
    $stdout.should equal(STDOUT)
    $PROGRAM_NAME.should == $0
  end

  it "are method calls when used before the assignment in the source" do
    LangVarSpecs::Shadow.new.use_before_assign.should == [:method, :local, :method]
  end

  it "are nil on the right of their own first assignment" do
    LangVarSpecs::Shadow.new.self_assign.should be_nil
  end

  it "exist after an assignment that did not run" do
    LangVarSpecs::Shadow.new.assign_not_run.should be_nil
  end

  it "are method calls as arguments before a later assignment" do
    LangVarSpecs::Shadow.new.argument_before_assign.should == [:method, 1]
  end

  it "stay block-local when they are block parameters" do
    LangVarSpecs::Shadow.new.block_param.should == [[5], :method]
  end

  it "assigned only inside a block are method calls outside it" do
    LangVarSpecs::Shadow.new.block_local_assign.should == :method
  end

  it "assigned after a lambda are method calls inside that lambda" do
    LangVarSpecs::Shadow.new.lambda_before_outer_assign.should == [:method, :local]
  end

  it "are declared by ||= (nil before it)" do
    LangVarSpecs::Shadow.new.or_assign.should == [1, 1]
  end

  it "are declared by multiple assignment" do
    LangVarSpecs::Shadow.new.multiple_assign.should == [:method, 1, 2]
  end

  it "are declared by rescue => name" do
    LangVarSpecs::Shadow.new.rescue_var.should == [:method, "boom"]
  end

  it "are declared by named captures of a regexp literal on the left of =~" do
    LangVarSpecs::Shadow.new.named_capture.should == [:method, "z"]
  end

  it "are declared by a for loop variable" do
    LangVarSpecs::Shadow.new.for_var.should == [:method, 3]
  end

  it "are declared by pattern matching binds" do
    LangVarSpecs::Shadow.new.case_in_bind.should == [:method, 4]
    LangVarSpecs::Shadow.new.rightward_bind.should == [:method, 5]
  end

  it "are reported by defined? only after the assignment" do
    LangVarSpecs::Shadow.new.defined_before_after.should == ["method", "local-variable", 1]
  end

  it "are method calls in a loop body before the assignment on every iteration" do
    LangVarSpecs::Shadow.new.loop_before_assign.should == [:method, :method, 1]
  end
end
