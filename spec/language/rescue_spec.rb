require_relative '../spec_helper'
require_relative 'fixtures/exceptions'

describe "The rescue keyword" do
  it "rescues StandardError by default" do
    r = begin
      raise "x"
    rescue
      :rescued
    end
    r.should == :rescued
  end

  it "binds the exception with =>" do
    begin
      raise ArgumentError, "bad"
    rescue => e
      e.should be_kind_of(ArgumentError)
      e.message.should == "bad"
    end
  end

  it "rescues one of several listed classes" do
    [ArgumentError, TypeError].each do |cls|
      r = begin
        raise cls, "m"
      rescue ArgumentError, TypeError => e
        e.class
      end
      r.should == cls
    end
  end

  it "tries clauses in order" do
    r = begin
      raise LangExcSpecs::DetailError
    rescue LangExcSpecs::AppError
      :app
    rescue LangExcSpecs::DetailError
      :detail
    end
    r.should == :app
  end

  it "rescues a subclass with a superclass clause" do
    r = begin
      raise KeyError, "k"
    rescue IndexError => e
      e.class
    end
    r.should == KeyError
  end

  it "does not rescue a non-StandardError by default" do
    -> {
      begin
        raise LangExcSpecs::NotStd, "ns"
      rescue => e
        :wrong
      end
    }.should raise_error(LangExcSpecs::NotStd, "ns")
  end

  it "rescues Exception explicitly" do
    r = begin
      raise LangExcSpecs::NotStd
    rescue Exception => e
      e.class
    end
    r.should == LangExcSpecs::NotStd
  end

  it "rescues with a class list from a splatted array" do
    list = [ZeroDivisionError, KeyError]
    r = begin
      1 / 0
    rescue *list => e
      e.class
    end
    r.should == ZeroDivisionError
  end

  it "runs else when nothing was raised" do
    r = begin
      :body
    rescue
      :rescued
    else
      :else
    end
    r.should == :else
  end

  it "does not run else when something was raised" do
    log = []
    begin
      raise "x"
    rescue
      log << :rescue
    else
      log << :else
    end
    log.should == [:rescue]
  end

  it "works in a method body without begin" do
    LangExcSpecs.rescue_in_def.should == [:rescued, "boom"]
    LangExcSpecs.else_in_def.should == :else
  end

  it "works in a do/end block body" do
    r = [1].map do |x|
      raise "in block"
    rescue => e
      e.message
    end
    r.should == ["in block"]
  end

  it "has a modifier form" do
    (raise "x" rescue :mod).should == :mod
    v = Integer("zz") rescue -1
    v.should == -1
  end

  it "sets $! inside the rescue clause" do
    begin
      raise "dollar"
    rescue
      $!.message.should == "dollar"
    end
  end

  it "restores $! to nil after the begin block" do
    begin
      raise "x"
    rescue
    end
    $!.should be_nil
  end

  it "restores $! when a rescue clause is left with return" do
    def lang_rescue_return
      begin
        raise "left by return"
      rescue
        return :returned
      end
    end
    lang_rescue_return.should == :returned
    $!.should be_nil
  end

  it "restores $! when a rescue clause in a block is left with break" do
    r = [1, 2].each do |i|
      begin
        raise "left by break"
      rescue
        break i
      end
    end
    r.should == 1
    $!.should be_nil
  end

  it "restores $! when a rescue clause in a block is left with next" do
    r = [1, 2].map do |i|
      begin
        raise "left by next"
      rescue
        next i * 2
      end
    end
    r.should == [2, 4]
    $!.should be_nil
  end

  it "restores $! when a rescue clause in a loop is left with break or next" do
    i = 0
    while i < 2
      i += 1
      begin
        raise "loop next"
      rescue
        next
      end
    end
    $!.should be_nil
    loop do
      begin
        raise "loop break"
      rescue
        break
      end
    end
    $!.should be_nil
  end

  it "restores $! when a rescue clause is left with throw" do
    catch(:lang_rescue_tag) do
      begin
        raise "left by throw"
      rescue
        throw :lang_rescue_tag
      end
    end
    $!.should be_nil
  end

  it "restores $! to the outer exception when a nested rescue clause is left" do
    begin
      raise "outer"
    rescue
      [1].each do
        begin
          raise "inner"
        rescue
          break
        end
      end
      $!.message.should == "outer"
      catch(:lang_inner_tag) do
        begin
          raise "inner2"
        rescue
          throw :lang_inner_tag
        end
      end
      $!.message.should == "outer"
    end
    $!.should be_nil
  end

  it "keeps the new exception in $! when a rescue clause raises" do
    begin
      begin
        raise "first"
      rescue
        raise ArgumentError, "second"
      end
    rescue ArgumentError
      $!.message.should == "second"
      $!.cause.message.should == "first"
    end
  end

  it "rescues errors raised deep in the call stack" do
    -> { LangExcSpecs.deep(20) }.should raise_error(LangExcSpecs::AppError, "deep")
  end

  it "rescues core errors" do
    (begin; 1 / 0; rescue ZeroDivisionError => e; e.message; end).should == "divided by 0"
    (begin; {}.fetch(:a); rescue KeyError => e; e.message; end).should == "key not found: :a"
    (begin; [].fetch(3); rescue IndexError => e; e.message; end).should == "index 3 outside of array bounds: 0...0"
    (begin; Integer("q"); rescue ArgumentError => e; e.message; end).should == 'invalid value for Integer(): "q"'
    (begin; 1 + "a"; rescue TypeError => e; e.message; end).should == "String can't be coerced into Integer"
    (begin; "a" + 1; rescue TypeError => e; e.message; end).should == "no implicit conversion of Integer into String"
  end

  it "rescues a class given by a constant expression" do
    cls = LangExcSpecs::AppError
    r = begin
      raise cls
    rescue cls
      :ok
    end
    r.should == :ok
  end

  it "matches with a custom === on the rescue class" do
    matcher = Class.new do
      def self.===(e) e.message.start_with?("match") end
    end
    r = begin
      raise "matching"
    rescue matcher
      :custom
    end
    r.should == :custom
  end
end

describe "Exception objects" do
  it "carry extra state in custom classes" do
    begin
      raise LangExcSpecs::DetailError.new("d", code: 7)
    rescue LangExcSpecs::AppError => e
      e.message.should == "d"
      e.code.should == 7
    end
  end

  it "use the class name as the default message" do
    LangExcSpecs::AppError.new.message.should == "LangExcSpecs::AppError"
  end

  it "use an overridden message" do
    begin
      raise LangExcSpecs::DefaultMsg
    rescue => e
      e.message.should == "custom message"
    end
  end

  it "have a cause when raised while handling another exception" do
    begin
      LangExcSpecs.wrap
    rescue => e
      e.message.should == "outer"
      e.cause.should be_kind_of(ArgumentError)
      e.cause.message.should == "inner"
    end
  end

  it "have no cause when cause: nil is given" do
    begin
      begin
        raise "first"
      rescue
        LangExcSpecs.wrap_explicit_cause
      end
    rescue => e
      e.cause.should be_nil
    end
  end

  it "inspect with class and message" do
    RuntimeError.new("boom").inspect.should == "#<RuntimeError: boom>"
    LangExcSpecs::AppError.new.inspect.should == "#<LangExcSpecs::AppError: LangExcSpecs::AppError>"
    RuntimeError.new("").inspect.should == "RuntimeError"
  end

  it "have full_message with the message and class" do
    e = RuntimeError.new("fm")
    e.full_message(highlight: false).should =~ /fm \(RuntimeError\)/
  end

  it "support ==" do
    (RuntimeError.new("a") == RuntimeError.new("a")).should == true
    (RuntimeError.new("a") == RuntimeError.new("b")).should == false
  end

  it "support exception to copy with a new message" do
    e = RuntimeError.new("a")
    e2 = e.exception("b")
    e2.message.should == "b"
    e2.class.should == RuntimeError
    e.exception.should equal(e)
  end

  it "have a backtrace once raised and nil before" do
    e = RuntimeError.new("x")
    e.backtrace.should be_nil
    begin
      raise e
    rescue => r
      r.backtrace.should be_kind_of(Array)
      r.backtrace.first.should be_kind_of(String)
    end
  end

  it "detailed_message includes the class" do
    RuntimeError.new("dm").detailed_message.should == "dm (RuntimeError)"
  end
end

describe "Rescue targets and unusual exceptions" do
  it "assigns the exception to an instance variable or an index target" do
    begin
      raise "to ivar"
    rescue => @lang_rescued
    end
    @lang_rescued.message.should == "to ivar"
    h = {}
    begin
      raise "to hash"
    rescue => h[:e]
    end
    h[:e].message.should == "to hash"
  end

  it "raises and rescues an anonymous exception class" do
    cls = Class.new(StandardError)
    r = begin
      raise cls, "anon"
    rescue cls => e
      e.message
    end
    r.should == "anon"
  end

  it "uses to_s for message" do
    cls = Class.new(StandardError) { def to_s() "from to_s" end }
    cls.new.message.should == "from to_s"
  end

  it "accepts a non-String message object" do
    e = RuntimeError.new(42)
    e.message.should == "42"
  end

  it "exposes NoMethodError#args and NameError#receiver" do
    begin
      5.frob_zz(1, 2)
    rescue NoMethodError => e
      e.args.should == [1, 2]
      e.receiver.should == 5
    end
  end

  it "exposes StopIteration#result" do
    e = Enumerator.new { |y| y << 1; :done }
    e.next
    begin
      e.next
    rescue StopIteration => ex
      ex.result.should == :done
    end
  end

  it "formats full_message with the location, message, class and from lines" do
    begin
      LangExcSpecs.fm_raise_runtime
    rescue => e
      fm = e.full_message(highlight: false, order: :top)
      fm.should =~ /\A[^\n]*fixtures\/exceptions\.rb:\d+:in 'LangExcSpecs.fm_raise_runtime': plain detail \(RuntimeError\)\n\tfrom [^\n]*rescue_spec\.rb:\d+:in /
    end
  end

  it "keeps rescuing in a loop with retry-free begin blocks" do
    count = 0
    5.times do |i|
      begin
        raise IndexError if i.even?
      rescue IndexError
        count += 1
      end
    end
    count.should == 3
  end
end

describe "The core exception hierarchy" do
  it "places the standard errors under StandardError" do
    [RuntimeError, ArgumentError, TypeError, NameError, NoMethodError, ZeroDivisionError,
     KeyError, IndexError, StopIteration, FrozenError, RangeError, FloatDomainError,
     ThreadError, ClosedQueueError, LocalJumpError, IOError, FiberError].each do |c|
      (c < StandardError).should == true
    end
  end

  it "has the documented superclasses" do
    NoMethodError.superclass.should == NameError
    KeyError.superclass.should == IndexError
    StopIteration.superclass.should == IndexError
    ClosedQueueError.superclass.should == StopIteration
    FrozenError.superclass.should == RuntimeError
    FloatDomainError.superclass.should == RangeError
    ZeroDivisionError.superclass.should == StandardError
    NotImplementedError.superclass.should == ScriptError
    Interrupt.superclass.should == SignalException
    SystemExit.superclass.should == Exception
    StandardError.superclass.should == Exception
  end

  it "keeps NotImplementedError, Interrupt and SystemExit out of StandardError" do
    (NotImplementedError < StandardError).should be_nil
    (Interrupt < StandardError).should be_nil
    (SystemExit < StandardError).should be_nil
  end

  it "raises FloatDomainError for converting infinity to an Integer" do
    -> { (1.0 / 0).to_i }.should raise_error(FloatDomainError, "Infinity")
  end

  it "raises StopIteration from an exhausted enumerator" do
    e = [1].each
    e.next
    -> { e.next }.should raise_error(StopIteration, "iteration reached an end")
  end

  it "raises RangeError for an out-of-range conversion" do
    -> { [1].pack("C") ; 300.chr }.should raise_error(RangeError, "300 out of char range")
  end

  it "raises NotImplementedError with a message" do
    -> { raise NotImplementedError, "later" }.should raise_error(NotImplementedError, "later")
  end

  it "builds SystemExit with a status" do
    e = SystemExit.new(3, "bye")
    e.status.should == 3
    e.message.should == "bye"
    e.success?.should == false
  end

  it "exposes KeyError key and receiver" do
    begin
      {a: 1}.fetch(:b)
    rescue KeyError => e
      e.key.should == :b
      e.receiver.should == {a: 1}
    end
  end

  it "raises ThreadError and ClosedQueueError" do
    -> { Mutex.new.unlock }.should raise_error(ThreadError)
    q = Queue.new
    q.close
    -> { q.push(1) }.should raise_error(ClosedQueueError, "queue closed")
  end
end
