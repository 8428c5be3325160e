# `should` / `should_not`.  With a matcher argument they check it at once;
# without one they return a proxy (a BasicObject whose operators and
# method_missing check the result), so all of these work:
#   x.should == y          x.should_not == y       s.should =~ /re/
#   a.should.include?(1)   m.should_not.locked?    -> { }.should.raise(E, /msg/)

class MSpecExpectationProxy < BasicObject
  def initialize(actual, positive)
    @actual = actual
    @positive = positive
  end

  def ==(other)
    __mspec_check(@actual == other, "==", other)
  end

  def !=(other)
    __mspec_check(@actual != other, "!=", other)
  end

  def equal?(other)
    __mspec_check(@actual.equal?(other), "equal?", other)
  end

  def eql?(other)
    __mspec_check(@actual.eql?(other), "eql?", other)
  end

  def =~(other)
    __mspec_check(@actual =~ other, "=~", other)
  end

  def !~(other)
    __mspec_check(!(@actual =~ other), "!~", other)
  end

  def ===(other)
    __mspec_check(@actual === other, "===", other)
  end

  def <(other)
    __mspec_check(@actual < other, "<", other)
  end

  def <=(other)
    __mspec_check(@actual <= other, "<=", other)
  end

  def >(other)
    __mspec_check(@actual > other, ">", other)
  end

  def >=(other)
    __mspec_check(@actual >= other, ">=", other)
  end

  # x.should.raise(Error, msg) / x.should_not.raise
  def raise(*args, &block)
    matcher = ::MSpecRaiseErrorMatcher.new(args, block)
    __mspec_match(matcher)
  end

  def method_missing(name, *args, &block)
    result = @actual.__send__(name, *args, &block)
    __mspec_check(result, name.to_s, args.size == 1 ? args[0] : args)
  end

  def respond_to_missing?(name, include_private = false)
    true
  end

  def __mspec_match(matcher)
    if @positive
      unless matcher.matches?(@actual)
        ::MSpec.fail_expectation(matcher.failure_message.join("\n"))
      end
    else
      if matcher.matches?(@actual)
        ::MSpec.fail_expectation(matcher.negative_failure_message.join("\n"))
      end
    end
    true
  end

  def __mspec_check(result, op, other)
    ok = result ? true : false
    ok = !ok unless @positive
    unless ok
      a = ::MSpec.pretty(@actual)
      b = ::MSpec.pretty(other)
      if @positive
        ::MSpec.fail_expectation("Expected #{a} #{op} #{b}\nto be truthy but was #{::MSpec.pretty(result)}")
      else
        ::MSpec.fail_expectation("Expected #{a} #{op} #{b}\nto be falsy but was #{::MSpec.pretty(result)}")
      end
    end
    true
  end
end

class Object
  def should(matcher = nil)
    MSpec.expectation!
    if matcher.nil?
      MSpecExpectationProxy.new(self, true)
    else
      unless matcher.matches?(self)
        MSpec.fail_expectation(matcher.failure_message.join("\n"))
      end
      true
    end
  end

  def should_not(matcher = nil)
    MSpec.expectation!
    if matcher.nil?
      MSpecExpectationProxy.new(self, false)
    else
      if matcher.matches?(self)
        MSpec.fail_expectation(matcher.negative_failure_message.join("\n"))
      end
      true
    end
  end
end
