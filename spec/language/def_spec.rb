require_relative '../spec_helper'
require_relative 'fixtures/def'

describe "A method definition" do
  it "returns the method name as a Symbol" do
    (def lang_def_probe; end).should == :lang_def_probe
  end

  it "accepts required parameters" do
    LangDefSpecs.req(1, 2).should == [1, 2]
  end

  it "evaluates optional defaults that refer to earlier parameters" do
    LangDefSpecs.opt(1).should == [1, 2, 3]
    LangDefSpecs.opt(1, 10).should == [1, 10, 11]
    LangDefSpecs.opt(1, 10, 0).should == [1, 10, 0]
  end

  it "evaluates a default expression that calls a method or uses self" do
    LangDefSpecs.default_call.should == 6
    LangDefSpecs.default_self.should equal(LangDefSpecs)
  end

  it "collects extra arguments into a rest parameter" do
    LangDefSpecs.rest(1).should == [1, []]
    LangDefSpecs.rest(1, 2, 3).should == [1, [2, 3]]
  end

  it "fills post-required parameters after the rest parameter" do
    LangDefSpecs.post(1, 2).should == [1, [], 2]
    LangDefSpecs.post(1, 2, 3, 4).should == [1, [2, 3], 4]
  end

  it "fills required parameters before optional ones" do
    LangDefSpecs.opt_post(1, 2).should == [1, 5, 2]
    LangDefSpecs.opt_post(1, 2, 3).should == [1, 2, 3]
  end

  it "accepts required and optional keyword parameters" do
    LangDefSpecs.kw(a: 1).should == [1, 2]
    LangDefSpecs.kw(b: 3, a: 1).should == [1, 3]
  end

  it "collects unknown keywords into **kw" do
    LangDefSpecs.kwrest(1).should == [1, 1, {}]
    LangDefSpecs.kwrest(1, k: 2, z: 3, y: 4).should == [1, 2, {z: 3, y: 4}]
  end

  it "captures the block in a &blk parameter" do
    LangDefSpecs.blk.should be_nil
    b = LangDefSpecs.blk { 42 }
    b.should be_kind_of(Proc)
    b.call.should == 42
  end

  it "binds every parameter kind at once" do
    LangDefSpecs.all(1, 9, d: 4).should == [1, 2, [], 9, 4, 5, {}, nil]
    LangDefSpecs.all(1, 2, 3, 4, 5, d: 6, e: 7, f: 8) { :b }.should ==
      [1, 2, [3, 4], 5, 6, 7, {f: 8}, :b]
  end

  it "passes a Hash argument as keywords when it is the last argument" do
    h = {a: 7}
    LangDefSpecs.kw(**h).should == [7, 2]
  end

  it "forwards anonymous rest, keyword rest and block parameters" do
    LangDefSpecs.anon_rest(1, 2).should == [1, 2]
    LangDefSpecs.anon_kw(a: 1).should == {a: 1}
    LangDefSpecs.anon_blk { :yielded }.should == :yielded
  end

  it "forwards all arguments with ..." do
    LangDefSpecs.fwd_all(1, 2, k: 3) { :b }.should == [[1, 2], {k: 3}, :b]
  end

  it "supports endless method definitions" do
    LangDefSpecs.endless(4).should == 40
  end

  it "accepts parameters without parentheses" do
    LangDefSpecs.no_parens(1, 2).should == 3
  end

  it "allows ? and ! in method names" do
    LangDefSpecs.question?.should == true
    LangDefSpecs.bang!.should == :bang
  end

  it "returns the assigned value from a setter call, not the method's value" do
    (LangDefSpecs.setter = 5).should == 5
    LangDefSpecs.set.should == 5
  end

  it "returns the value of the last expression implicitly" do
    LangDefSpecs.implicit(1).should == :pos
    LangDefSpecs.implicit(-1).should == :nonpos
  end

  it "returns nil from an empty body" do
    LangDefSpecs.empty_body.should be_nil
  end

  it "supports recursion" do
    LangDefSpecs.fact(10).should == 3628800
    LangDefSpecs.fib(20).should == 6765
  end

  it "supports mutual recursion" do
    LangDefSpecs.even?(10).should == true
    LangDefSpecs.odd?(7).should == true
  end

  it "defines instance methods and class methods" do
    LangDefSpecs::Cls.new.inst(3).should == 3
    LangDefSpecs::Cls.cm.should == :cm
  end

  it "defines a singleton method on a parenthesized expression with def (expr).name" do
    o = Object.new
    def (o).paren_sing(a) [:ps, a] end
    o.paren_sing(1).should == [:ps, 1]
    def ([o].first).paren_endless = :endless
    o.paren_endless.should == :endless
    def (o)::paren_colon() :colon end
    o.paren_colon.should == :colon
  end

  it "defines a singleton method on a local variable" do
    o = Object.new
    def o.on_local() :local end
    o.on_local.should == :local
    o.singleton_methods.should == [:on_local]
  end
end

describe "Calling a method with the wrong number of arguments" do
  it "raises ArgumentError for too few required arguments" do
    -> { LangDefSpecs.req(1) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2)")
  end

  it "raises ArgumentError for too many arguments" do
    -> { LangDefSpecs.req(1, 2, 3) }.should raise_error(ArgumentError, "wrong number of arguments (given 3, expected 2)")
  end

  it "reports a range for optional parameters" do
    -> { LangDefSpecs.opt }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1..3)")
    -> { LangDefSpecs.opt(1, 2, 3, 4) }.should raise_error(ArgumentError, "wrong number of arguments (given 4, expected 1..3)")
  end

  it "reports a minimum with + for a rest parameter" do
    -> { LangDefSpecs.post(1) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2+)")
  end

  it "raises ArgumentError for a missing required keyword" do
    -> { LangDefSpecs.kw }.should raise_error(ArgumentError, "missing keyword: :a")
  end

  it "raises ArgumentError for an unknown keyword" do
    -> { LangDefSpecs.kw(a: 1, c: 2) }.should raise_error(ArgumentError, "unknown keyword: :c")
  end

  it "lists several unknown keywords" do
    -> { LangDefSpecs.kw(a: 1, c: 2, d: 3) }.should raise_error(ArgumentError, "unknown keywords: :c, :d")
  end

  it "lists several missing keywords" do
    -> { LangDefSpecs.all(1, 2) }.should raise_error(ArgumentError, "missing keyword: :d")
  end

  it "raises ArgumentError when keywords are given to a method without keywords" do
    -> { LangDefSpecs.req(1, 2, x: 1) }.should raise_error(ArgumentError, "wrong number of arguments (given 3, expected 2)")
  end

  it "raises ArgumentError for a method with no parameters given arguments" do
    -> { LangDefSpecs.empty_body(1) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 0)")
  end
end

describe "A method call to an undefined method" do
  it "raises NoMethodError at run time" do
    -> { LangDefSpecs.no_such_method_anywhere_xyz(1) }.should raise_error(NoMethodError)
  end

  it "does not fail when the call is never executed" do
    r = if false
      LangDefSpecs.never_defined_anywhere_abc
    else
      :ok
    end
    r.should == :ok
  end

  it "names the method and receiver in the message" do
    -> { 5.frobnicate_qq }.should raise_error(NoMethodError, "undefined method 'frobnicate_qq' for an instance of Integer")
  end

  it "raises NameError for an undefined local-looking name" do
    -> { undefined_local_or_method_zz }.should raise_error(NameError, /undefined local variable or method 'undefined_local_or_method_zz' for/)
  end

  it "raises NoMethodError for a method called with parentheses and self" do
    -> { undefined_fn_zz() }.should raise_error(NoMethodError, /undefined method 'undefined_fn_zz' for/)
  end

  it "mentions nil for a method called on nil" do
    -> { nil.upcase_zz }.should raise_error(NoMethodError, "undefined method 'upcase_zz' for nil")
  end

  it "exposes the name and receiver of the failing call" do
    e = nil
    begin
      "str".no_such_zz
    rescue NoMethodError => ex
      e = ex
    end
    e.name.should == :no_such_zz
    e.receiver.should == "str"
  end

  it "mentions the class for a method called on a class" do
    -> { LangDefSpecs::Cls.missing_cm }.should raise_error(NoMethodError, "undefined method 'missing_cm' for class LangDefSpecs::Cls")
  end

  it "mentions the module for a method called on a module" do
    -> { LangDefSpecs.missing_mm }.should raise_error(NoMethodError, "undefined method 'missing_mm' for module LangDefSpecs")
  end
end
