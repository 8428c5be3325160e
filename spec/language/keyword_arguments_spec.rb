require_relative '../spec_helper'

module LangKwSpecs
  def self.kw(a: 1, b: 2) [a, b] end
  def self.req_kw(a:) a end
  def self.pos_and_kw(x, y = :y, k: :k) [x, y, k] end
  def self.rest_and_kw(*r, k: 0) [r, k] end
  def self.hash_pos(h) h end
  def self.opt_hash(h = {}) h end
  def self.kwrest(**kw) kw end
  def self.nokw(**nil) :ok end
  def self.block_kw() yield(a: 1, b: 2) end
  def self.str_keys(**kw) kw end
  def self.delegate(*args, **kw, &b) kw(*args, **kw, &b) end
end

describe "Keyword arguments" do
  it "use defaults when omitted" do
    LangKwSpecs.kw.should == [1, 2]
    LangKwSpecs.kw(b: 5).should == [1, 5]
  end

  it "are given in any order" do
    LangKwSpecs.kw(b: 3, a: 4).should == [4, 3]
  end

  it "can be splatted from a Hash with **" do
    h = {a: 7}
    LangKwSpecs.kw(**h).should == [7, 2]
    LangKwSpecs.kw(**h, b: 8).should == [7, 8]
  end

  it "are separated from positional Hash arguments" do
    LangKwSpecs.hash_pos({a: 1}).should == {a: 1}
    LangKwSpecs.hash_pos(a: 1).should == {a: 1}
  end

  it "go to a trailing optional positional Hash when the method has no keywords" do
    LangKwSpecs.opt_hash(a: 1).should == {a: 1}
    LangKwSpecs.opt_hash.should == {}
  end

  it "are not taken as a positional argument when the method has keywords" do
    -> { LangKwSpecs.pos_and_kw(k: 1) }.should raise_error(ArgumentError, "wrong number of arguments (given 0, expected 1..2)")
    LangKwSpecs.pos_and_kw(1, k: 2).should == [1, :y, 2]
  end

  it "raise ArgumentError when a positional Hash is passed to keyword parameters" do
    -> { LangKwSpecs.req_kw({a: 1}) }.should raise_error(ArgumentError, "wrong number of arguments (given 1, expected 0; required keyword: a)")
  end

  it "work after a rest parameter" do
    LangKwSpecs.rest_and_kw(1, 2, k: 3).should == [[1, 2], 3]
    LangKwSpecs.rest_and_kw(1, {k: 3}).should == [[1, {k: 3}], 0]
  end

  it "collect with **kw and keep insertion order" do
    LangKwSpecs.kwrest(z: 1, a: 2).should == {z: 1, a: 2}
    LangKwSpecs.kwrest.should == {}
  end

  it "allow non-Symbol keys in **kw" do
    LangKwSpecs.str_keys(**{"s" => 1}).should == {"s" => 1}
  end

  it "are rejected with **nil" do
    LangKwSpecs.nokw.should == :ok
    -> { LangKwSpecs.nokw(a: 1) }.should raise_error(ArgumentError, "no keywords accepted")
  end

  it "are passed to blocks" do
    LangKwSpecs.block_kw { |a:, b:| a + b }.should == 3
    LangKwSpecs.block_kw { |**kw| kw }.should == {a: 1, b: 2}
  end

  it "are delegated with *args, **kw, &b" do
    LangKwSpecs.delegate(a: 9).should == [9, 2]
  end

  it "do not mutate the caller's Hash" do
    h = {a: 1}
    r = LangKwSpecs.kwrest(**h)
    r[:b] = 2
    h.should == {a: 1}
  end

  it "give a missing keywords message listing all missing" do
    def lang_kw_two(a:, b:) end
    -> { lang_kw_two }.should raise_error(ArgumentError, "missing keywords: :a, :b")
  end

  it "evaluate default expressions referring to other parameters" do
    def lang_kw_dep(a, b: a * 2) [a, b] end
    lang_kw_dep(3).should == [3, 6]
  end
end
