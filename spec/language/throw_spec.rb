require_relative '../spec_helper'

def lang_throw_deep(tag, n)
  n == 0 ? throw(tag, :deep_value) : lang_throw_deep(tag, n - 1)
end

describe "catch and throw" do
  it "return the thrown value from catch" do
    catch(:done) do
      throw :done, 42
      :not_reached
    end.should == 42
  end

  it "return nil when thrown without a value" do
    catch(:done) { throw :done }.should be_nil
  end

  it "return the block's value when nothing is thrown" do
    catch(:done) { :normal }.should == :normal
  end

  it "unwind through method calls" do
    catch(:deep) { lang_throw_deep(:deep, 10) }.should == :deep_value
  end

  it "break out of nested loops" do
    r = catch(:found) do
      (1..5).each do |i|
        (1..5).each do |j|
          throw :found, [i, j] if i * j == 12
        end
      end
      nil
    end
    r.should == [3, 4]
  end

  it "match the innermost catch with the same tag" do
    r = catch(:t) do
      inner = catch(:t) { throw :t, :inner }
      [:outer, inner]
    end
    r.should == [:outer, :inner]
  end

  it "pass through a catch with a different tag" do
    log = []
    r = catch(:outer) do
      catch(:inner) do
        throw :outer, :o
      end
      log << :after_inner
    end
    r.should == :o
    log.should == []
  end

  it "use any object as tag compared by identity" do
    tag = Object.new
    catch(tag) { throw tag, :obj }.should == :obj
  end

  it "generate a tag when catch has no argument" do
    catch { |tag| throw tag, :gen }.should == :gen
  end

  it "yield the tag to the block" do
    catch(:x) { |t| t }.should == :x
  end

  it "raise UncaughtThrowError for an unknown tag" do
    -> { throw :nobody }.should raise_error(UncaughtThrowError, "uncaught throw :nobody")
  end

  it "expose tag and value on UncaughtThrowError" do
    begin
      throw :tg, 5
    rescue UncaughtThrowError => e
      e.tag.should == :tg
      e.value.should == 5
    end
  end

  it "make UncaughtThrowError an ArgumentError" do
    UncaughtThrowError.superclass.should == ArgumentError
  end

  it "run ensure clauses while unwinding" do
    log = []
    catch(:e) do
      begin
        throw :e
      ensure
        log << :ensure
      end
    end
    log.should == [:ensure]
  end

  it "is not rescued by rescue => e" do
    log = []
    catch(:skip) do
      begin
        throw :skip
      rescue => e
        log << :rescued
      end
    end
    log.should == []
  end
end
