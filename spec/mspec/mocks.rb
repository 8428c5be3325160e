# Mocks: mock('name') objects and should_receive / should_not_receive / stub!
# on any object.  The first expectation for (object, method) defines a
# singleton method that dispatches to MSpec.mock_dispatch; after each example
# the runner verifies call counts and restores the original singleton method
# (or removes ours).  Objects are compared with equal?, never hashed, so a
# mock may itself expect :hash or :==.

class MockObject
  def initialize(name, options = nil)
    @name = name
  end

  def __mspec_name
    @name
  end

  def inspect
    "#<MockObject:#{@name}>"
  end

  def to_s
    inspect
  end
end

# mock_numeric('name'): a Numeric subclass instance (MSpec's
# NumericMockObject), so Numeric's own methods (abs2, arg, ceil, fdiv, ...)
# run on it and call the mocked operators.  singleton_method_added is a
# no-op: Numeric's raises TypeError, and should_receive defines singleton
# methods.
class NumericMockObject < Numeric
  def initialize(name, options = nil)
    @name = name
  end

  def __mspec_name
    @name
  end

  def singleton_method_added(name)
  end
end

# Argument matchers for with(...)
class MSpecAnyArgs
  def inspect
    "any_args"
  end
end

class MSpecAnything
  def inspect
    "anything"
  end
end

class MSpecNoArgs
  def inspect
    "no_args"
  end
end

class MSpecMockProxy
  attr_reader :object, :name, :calls, :count_kind, :count
  attr_accessor :stub

  def initialize(object, name, count_kind, count)
    @object = object
    @name = name
    @count_kind = count_kind
    @count = count
    @args = nil
    @returns = nil
    @raise = nil
    @yields = nil
    @calls = 0
    @stub = false
  end

  def with(*args)
    @args = args
    self
  end

  # several values: one per call, and the expected count grows to their
  # number (MSpec's and_return; a later exactly/at_least still overrides)
  def and_return(*values)
    @returns = values
    @count = values.size if values.size > 1 && @count < values.size
    self
  end

  def and_raise(exc)
    @raise = exc
    self
  end

  # and_yield(a).and_yield(b): the block is called once per and_yield, in
  # order (MSpec's behaviour; Prime specs chain them)
  def and_yield(*values)
    (@yields ||= []) << values
    self
  end

  def exactly(n)
    @count_kind = :exactly
    @count = mock_count(n)
    self
  end

  def at_least(n)
    @count_kind = :at_least
    @count = mock_count(n)
    self
  end

  def at_most(n)
    @count_kind = :at_most
    @count = mock_count(n)
    self
  end

  # MSpec also takes :once and :twice for a count
  def mock_count(n)
    case n
    when :once then 1
    when :twice then 2
    else n
    end
  end

  def once
    exactly(1)
  end

  def twice
    exactly(2)
  end

  def any_number_of_times
    @count_kind = :any
    @count = 0
    self
  end

  def times
    self
  end

  def describe_args(args)
    args.map { |a| MSpec.pretty(a) }.join(", ")
  end

  def args_match?(args)
    return true if @args.nil?
    if @args.size == 1 && @args[0].is_a?(MSpecAnyArgs)
      return true
    end
    if @args.size == 1 && @args[0].is_a?(MSpecNoArgs)
      return args.empty?
    end
    return false unless @args.size == args.size
    i = 0
    while i < args.size
      e = @args[i]
      unless e.is_a?(MSpecAnything) || e == args[i]
        return false
      end
      i += 1
    end
    true
  end

  def expected_args_text
    @args.nil? ? "any arguments" : "(#{describe_args(@args)})"
  end

  def call(args, block)
    @calls += 1
    if @yields
      unless block
        MSpec.fail_expectation("Mock '#{MSpec.mock_name(@object)}' asked to yield to #{@name} but no block was given")
      end
      result = nil
      @yields.each { |values| result = block.call(*values) }
      return result if @returns.nil? && @raise.nil?
    end
    raise @raise if @raise
    return nil if @returns.nil? || @returns.empty?
    i = @calls - 1
    i = @returns.size - 1 if i >= @returns.size
    @returns[i]
  end

  def verify
    return nil if @stub
    ok = case @count_kind
         when :exactly then @calls == @count
         when :at_least then @calls >= @count
         when :at_most then @calls <= @count
         else true
         end
    return nil if ok
    kind = @count_kind.to_s.sub("_", " ")
    "Mock '#{MSpec.mock_name(@object)}' expected to receive '#{@name}' #{kind} #{@count} times\n" \
      "but received it #{@calls} times"
  end
end

module MSpec
  # [object, name, saved UnboundMethod or nil] for every patched method
  @mock_installs = []

  def self.mock_name(obj)
    if obj.is_a?(MockObject) || obj.is_a?(NumericMockObject)
      obj.__mspec_name.to_s
    else
      pretty(obj)
    end
  end

  def self.mock_installed?(obj, name)
    @mock_installs.each do |rec|
      return true if rec[0].equal?(obj) && rec[1] == name
    end
    false
  end

  def self.install_mock(obj, name, count_kind, count)
    name = name.to_sym
    proxy = MSpecMockProxy.new(obj, name, count_kind, count)
    @mocks << proxy
    unless mock_installed?(obj, name)
      sc = obj.singleton_class
      saved = nil
      if sc.instance_methods(false).include?(name) || sc.private_instance_methods(false).include?(name)
        saved = sc.instance_method(name)
      end
      @mock_installs << [obj, name, saved]
      sc.define_method(name) do |*args, &block|
        MSpec.mock_dispatch(self, name, args, block)
      end
    end
    proxy
  end

  def self.mock_dispatch(obj, name, args, block)
    candidates = []
    @mocks.each do |m|
      candidates << m if m.object.equal?(obj) && m.name == name
    end
    candidates.each do |m|
      return m.call(args, block) if m.args_match?(args)
    end
    expected = candidates.map { |m| m.expected_args_text }.join(" or ")
    fail_expectation("Mock '#{mock_name(obj)}' expected to receive '#{name}' with #{expected}\n" \
                     "but received it with (#{candidates.empty? ? '' : candidates[0].describe_args(args)})")
  end

  # Returns the first verification failure message (or nil) and restores
  # every patched method.  Always clears the mock state.
  def self.verify_and_reset_mocks(check)
    message = nil
    if check
      @mocks.each do |m|
        message ||= m.verify
      end
    end
    @mock_installs.reverse.each do |rec|
      obj = rec[0]
      name = rec[1]
      saved = rec[2]
      begin
        sc = obj.singleton_class
        if saved
          sc.define_method(name, saved)
        else
          sc.remove_method(name)
        end
      rescue Exception
        # the object may be frozen now; nothing else to do
      end
    end
    @mock_installs = []
    @mocks = []
    message
  end
end

class Object
  def should_receive(name)
    MSpec.expectation!
    MSpec.install_mock(self, name, :exactly, 1)
  end

  def should_not_receive(name)
    MSpec.expectation!
    MSpec.install_mock(self, name, :exactly, 0)
  end

  def stub!(name)
    proxy = MSpec.install_mock(self, name, :any, 0)
    proxy.stub = true
    proxy
  end

  private

  def mock(name, options = nil)
    MockObject.new(name, options)
  end

  def mock_int(value)
    m = MockObject.new("int #{value}")
    m.should_receive(:to_int).any_number_of_times.and_return(value)
    m
  end

  def any_args
    MSpecAnyArgs.new
  end

  def anything
    MSpecAnything.new
  end

  def no_args
    MSpecNoArgs.new
  end
end
