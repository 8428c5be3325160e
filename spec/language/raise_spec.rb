require_relative '../spec_helper'
require_relative 'fixtures/exceptions'

describe "The raise keyword" do
  it "raises RuntimeError with a String" do
    -> { raise "msg" }.should raise_error(RuntimeError, "msg")
  end

  it "raises a class with its default message" do
    -> { raise LangExcSpecs::AppError }.should raise_error(LangExcSpecs::AppError, "LangExcSpecs::AppError")
  end

  it "raises a class with a message" do
    -> { raise ArgumentError, "am" }.should raise_error(ArgumentError, "am")
  end

  it "raises an exception object" do
    e = LangExcSpecs::DetailError.new("obj", code: 1)
    -> { raise e }.should raise_error(LangExcSpecs::DetailError) { |x| x.should equal(e) }
  end

  it "raises with a message replacing the object's via exception(msg)" do
    -> { raise LangExcSpecs::AppError.new("a"), "b" }.should raise_error(LangExcSpecs::AppError, "b")
  end

  it "raises RuntimeError with an empty message with no arguments and no $!" do
    -> { raise }.should raise_error(RuntimeError, "")
  end

  it "re-raises $! with no arguments inside rescue" do
    -> {
      begin
        raise TypeError, "orig"
      rescue
        raise
      end
    }.should raise_error(TypeError, "orig")
  end

  it "re-raises the rescued object" do
    orig = nil
    begin
      begin
        raise "x"
      rescue => e
        orig = e
        raise e
      end
    rescue => again
      again.should equal(orig)
    end
  end

  it "raises TypeError for a non-exception" do
    -> { raise 42 }.should raise_error(TypeError, "exception class/object expected")
  end

  it "accepts an object with an exception method" do
    o = Object.new
    def o.exception(msg = nil) ArgumentError.new(msg || "from exception") end
    -> { raise o }.should raise_error(ArgumentError, "from exception")
  end

  it "sets the cause explicitly with cause:" do
    c = RuntimeError.new("c")
    begin
      raise ArgumentError, "with", cause: c
    rescue => e
      e.cause.should equal(c)
    end
  end

  it "is also Kernel#fail" do
    -> { fail "failed" }.should raise_error(RuntimeError, "failed")
  end

  it "raises from a method with arguments via Kernel#raise" do
    -> { LangExcSpecs.raiser(KeyError, "km") }.should raise_error(KeyError, "km")
  end
end
