# Runner state: the context tree built while a spec file loads, and the
# per-example bookkeeping (expectation counter, failure, mocks) that every
# thread and fiber of the example reports into.  State lives in MSpec module
# instance variables (one runner per process), never in thread-locals, so a
# `should` in another Thread or a Fiber counts for the current example.

class SpecExpectationNotMetError < StandardError
end

class SpecExpectationNotFoundError < StandardError
  def message
    "No behavior expectation was found in the example"
  end
end

# Raised into the runner thread by the watchdog when an example hangs.
class MSpecTimeoutError < Exception
end

# A describe block (or the file's root).  +items+ keeps examples and child
# contexts in definition order.
class MSpecContext
  attr_reader :description, :parent, :items, :shared
  attr_accessor :ran   # its examples have run (a top-level describe runs once its body is evaluated)
  attr_reader :before_all, :before_each, :after_each, :after_all

  def initialize(description, parent, shared)
    @description = description
    @parent = parent
    @shared = shared
    @items = []
    @before_all = []
    @before_each = []
    @after_each = []
    @after_all = []
  end

  def full_description
    if @parent.nil?
      @description
    else
      pd = @parent.full_description
      if pd == ""
        @description
      elsif @description == ""
        pd
      else
        pd + " " + @description
      end
    end
  end

  # Outermost first.
  def chain
    list = []
    c = self
    while c
      list.unshift(c)
      c = c.parent
    end
    list
  end

  def add_hook(kind, scope, block)
    if kind == :before
      if scope == :all
        @before_all << block
      else
        @before_each << block
      end
    else
      if scope == :all
        @after_all << block
      else
        @after_each << block
      end
    end
  end

  # Copies hooks, examples and nested contexts of a shared context into
  # this one (it_should_behave_like).
  def adopt(shared)
    shared.before_all.each { |b| @before_all << b }
    shared.before_each.each { |b| @before_each << b }
    shared.after_each.each { |b| @after_each << b }
    shared.after_all.each { |b| @after_all << b }
    shared.items.each do |item|
      if item.is_a?(MSpecExample)
        @items << MSpecExample.new(item.description, item.block, self)
      else
        child = MSpecContext.new(item.description, self, false)
        child.adopt(item)
        @items << child
      end
    end
  end

  def count_examples
    n = 0
    @items.each do |item|
      if item.is_a?(MSpecExample)
        n += 1
      else
        n += item.count_examples
      end
    end
    n
  end
end

class MSpecExample
  attr_reader :description, :block, :context

  def initialize(description, block, context)
    @description = description
    @block = block
    @context = context
  end

  def full_description
    cd = @context.full_description
    if cd == ""
      @description
    else
      cd + " " + @description
    end
  end
end

module MSpec
  @file = "(unknown)"
  @batch = false
  @batch_failed = false
  @tags_path = nil
  @root = MSpecContext.new("", nil, false)
  @current = @root
  @shared = {}
  @load_errors = []

  # per-run counters
  @examples = 0
  @expectations = 0
  @failures = 0
  @errors = 0
  @passed = 0
  @failed = 0
  @skipped = 0
  @reports = []
  @tags = {}
  @tagged_passes = []
  @tagged_failures = []

  # per-example state
  @example = nil
  @example_expectations = 0
  @example_failure = nil
  @runner_thread = nil
  @mocks = []
  @env = nil

  # watchdog
  @serial = 0
  @running = false
  @timeout = 20
  @timed_out = false

  def self.file
    @file
  end

  def self.root
    @root
  end

  def self.current
    @current
  end

  def self.current=(ctx)
    @current = ctx
  end

  def self.shared
    @shared
  end

  def self.load_errors
    @load_errors
  end

  def self.env
    @env
  end

  def self.mocks
    @mocks
  end

  def self.mocks=(list)
    @mocks = list
  end

  def self.runner_thread
    @runner_thread
  end

  def self.example
    @example
  end

  # Every `should`/`should_not`/should_receive counts here, whichever
  # thread or fiber it runs on.
  def self.expectation!
    @expectations += 1
    @example_expectations += 1
  end

  def self.example_expectations
    @example_expectations
  end

  # Records the first failure of the running example.  Called from the
  # runner when an example raises, and from expectation failures raised on
  # other threads (which may never be joined).
  def self.record_failure(exc)
    if @example && @example_failure.nil?
      @example_failure = exc
    end
  end

  def self.example_failure
    @example_failure
  end

  # Thread.current, or nil while the Ruby running us has no threads yet
  # (lets spec/language run on an early Spinel).
  def self.current_thread
    begin
      Thread.current
    rescue NameError, NotImplementedError
      nil
    end
  end

  def self.fail_expectation(message)
    exc = SpecExpectationNotMetError.new(message)
    if @runner_thread && !current_thread.equal?(@runner_thread)
      record_failure(exc)
    end
    raise exc
  end

  def self.pretty(obj)
    begin
      obj.inspect
    rescue Exception
      "#<uninspectable object>"
    end
  end
end
