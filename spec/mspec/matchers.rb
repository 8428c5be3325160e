# Matchers: objects answering matches?(actual), failure_message and
# negative_failure_message (each an Array of lines).  The constructor
# methods (equal, be_nil, raise_error, ...) are private methods of Object,
# as in MSpec, so they work in examples, hooks and fixture helpers.

class MSpecMatcher
  def failure_message
    ["Expected #{MSpec.pretty(@actual)}", "to #{describe_expected}"]
  end

  def negative_failure_message
    ["Expected #{MSpec.pretty(@actual)}", "not to #{describe_expected}"]
  end
end

class MSpecEqualMatcher < MSpecMatcher
  def initialize(expected)
    @expected = expected
  end

  def matches?(actual)
    @actual = actual
    actual.equal?(@expected)
  end

  def describe_expected
    "be identical to #{MSpec.pretty(@expected)}"
  end
end

class MSpecEqlMatcher < MSpecMatcher
  def initialize(expected)
    @expected = expected
  end

  def matches?(actual)
    @actual = actual
    actual.eql?(@expected)
  end

  def describe_expected
    "have same value and type as #{MSpec.pretty(@expected)}"
  end
end

# be_nil, be_true, be_false, be_empty, be_nan ...: a predicate by name.
class MSpecPredicateMatcher < MSpecMatcher
  def initialize(kind, expected)
    @kind = kind
    @expected = expected
  end

  def matches?(actual)
    @actual = actual
    case @kind
    when :nil then actual.nil?
    when :true then actual.equal?(true)
    when :false then actual.equal?(false)
    when :true_or_false then actual.equal?(true) || actual.equal?(false)
    when :empty then actual.empty?
    when :kind_of then actual.kind_of?(@expected)
    when :instance_of then actual.instance_of?(@expected)
    when :ancestor_of then actual.ancestors.include?(@expected)
    when :nan then actual.nan?
    when :positive_infinity then actual.infinite? == 1
    when :negative_infinity then actual.infinite? == -1
    when :positive_zero then actual == 0 && (1.0 / actual) > 0
    when :negative_zero then actual == 0 && (1.0 / actual) < 0
    when :respond_to then actual.respond_to?(@expected)
    when :frozen then actual.frozen?
    else false
    end
  end

  def describe_expected
    case @kind
    when :nil then "be nil"
    when :true then "be true"
    when :false then "be false"
    when :true_or_false then "be true or false"
    when :empty then "be empty"
    when :kind_of then "be kind of #{@expected}"
    when :instance_of then "be an instance of #{@expected}"
    when :ancestor_of then "be an ancestor of #{@expected}"
    when :respond_to then "respond to #{@expected}"
    else "be #{@kind}"
    end
  end
end

class MSpecIncludeMatcher < MSpecMatcher
  def initialize(expected)
    @expected = expected
  end

  def matches?(actual)
    @actual = actual
    @expected.each do |e|
      return false unless actual.include?(e)
    end
    true
  end

  def describe_expected
    "include #{@expected.map { |e| MSpec.pretty(e) }.join(', ')}"
  end
end

class MSpecBeCloseMatcher < MSpecMatcher
  def initialize(expected, tolerance)
    @expected = expected
    @tolerance = tolerance
  end

  def matches?(actual)
    @actual = actual
    (actual - @expected).abs <= @tolerance
  end

  def describe_expected
    "be within +/- #{@tolerance} of #{@expected}"
  end
end

class MSpecMethodMatcher < MSpecMatcher
  def initialize(kind, name, include_super)
    @kind = kind
    @name = name.to_sym
    @include_super = include_super
  end

  def matches?(actual)
    @actual = actual
    case @kind
    when :instance then actual.instance_methods(@include_super).include?(@name)
    when :public_instance then actual.public_instance_methods(@include_super).include?(@name)
    when :private_instance then actual.private_instance_methods(@include_super).include?(@name)
    when :protected_instance then actual.protected_instance_methods(@include_super).include?(@name)
    when :singleton then actual.singleton_methods(@include_super).include?(@name)
    when :private then actual.private_methods(@include_super).include?(@name)
    else actual.methods.include?(@name)
    end
  end

  def describe_expected
    "have #{@kind} method #{@name}"
  end
end

class MSpecRaiseErrorMatcher < MSpecMatcher
  NO_CAUSE = Object.new

  # args: [Class [, message]] and, last, an optional {cause: x} (the
  # exception's #cause must be x: nil for none)
  def initialize(args, block)
    @cause = NO_CAUSE
    if args.size > 0 && args.last.is_a?(Hash) && args.last.key?(:cause)
      args = args.dup
      @cause = args.pop[:cause]
    end
    @exception = args.size > 0 ? args[0] : Exception
    @message = args.size > 1 ? args[1] : nil
    @block = block
    @actual = nil
    @raised = false
  end

  def matching_class?(exc)
    @exception === exc && (NO_CAUSE.equal?(@cause) || @cause.equal?(exc.cause))
  end

  def matching_message?(exc)
    return true if @message.nil?
    if @message.is_a?(Regexp)
      @message =~ exc.message ? true : false
    else
      @message == exc.message
    end
  end

  def matches?(proc)
    @raised = false
    begin
      proc.call
    rescue MSpecTimeoutError => e
      raise e
    rescue Exception => e
      @raised = true
      @actual = e
      if matching_class?(e) && matching_message?(e)
        @block.call(e) if @block
        return true
      end
      return false
    end
    false
  end

  def describe_exception
    s = @exception.to_s
    s += " (#{@message.inspect})" unless @message.nil?
    s += " with cause #{@cause.inspect}" unless NO_CAUSE.equal?(@cause)
    s
  end

  def failure_message
    if @raised
      got = "#{@actual.class} (#{@actual.message})"
      got += " with cause #{@actual.cause.inspect}" unless NO_CAUSE.equal?(@cause)
      ["Expected #{describe_exception}", "but got: #{got}"]
    else
      ["Expected #{describe_exception}", "but no exception was raised"]
    end
  end

  def negative_failure_message
    ["Expected to not get #{describe_exception}", "but got: #{@actual.class} (#{@actual.message})"]
  end
end

# -> { sleep }.should block_caller : the proc blocks the calling thread.
class MSpecBlockingMatcher < MSpecMatcher
  def initialize(timeout)
    @timeout = timeout
  end

  def matches?(block)
    t = Thread.new { block.call }
    t.report_on_exception = false
    seen = 0
    polls = 0
    loop do
      st = t.status
      if st == "sleep"
        # a thread can be asleep for a moment (e.g. a timed wait); require
        # it to be found asleep on a few consecutive polls.
        seen += 1
        if seen >= 5
          t.kill
          t.join
          return true
        end
        Thread.pass
      elsif st == false
        t.join
        return false
      elsif st.nil?
        t.value
        return false
      else
        seen = 0
        polls += 1
        Thread.pass
        sleep 0.001 if polls > 1000
      end
    end
  end

  def failure_message
    ["Expected the given Proc", "to block the caller"]
  end

  def negative_failure_message
    ["Expected the given Proc", "to not block the caller"]
  end
end

# Captures $stdout/$stderr while calling the proc.
class MSpecOutputMatcher < MSpecMatcher
  def initialize(out, err)
    @out = out
    @err = err
  end

  def self.matches_text?(expected, actual)
    return true if expected.nil?
    if expected.is_a?(Regexp)
      expected =~ actual ? true : false
    else
      expected == actual
    end
  end

  def matches?(proc)
    @saved_out = $stdout
    @saved_err = $stderr
    out = MSpecIO.new
    err = MSpecIO.new
    begin
      $stdout = out
      $stderr = err
      proc.call
    ensure
      $stdout = @saved_out
      $stderr = @saved_err
    end
    @got_out = out.string
    @got_err = err.string
    MSpecOutputMatcher.matches_text?(@out, @got_out) && MSpecOutputMatcher.matches_text?(@err, @got_err)
  end

  def failure_message
    lines = []
    lines << "Expected:"
    lines << "  $stdout: #{@out.inspect}" unless @out.nil?
    lines << "  $stderr: #{@err.inspect}" unless @err.nil?
    lines << "     got:"
    lines << "  $stdout: #{@got_out.inspect}" unless @out.nil?
    lines << "  $stderr: #{@got_err.inspect}" unless @err.nil?
    lines
  end

  def negative_failure_message
    ["Expected output not to be:", "  $stdout: #{@got_out.inspect}", "  $stderr: #{@got_err.inspect}"]
  end
end

# complain(msg = nil, verbose: false): the proc writes a warning to $stderr.
class MSpecComplainMatcher < MSpecMatcher
  def initialize(complaint, verbose)
    @complaint = complaint
    @verbose = verbose
  end

  def matches?(proc)
    saved_err = $stderr
    saved_verbose = $VERBOSE
    err = MSpecIO.new
    begin
      $stderr = err
      $VERBOSE = @verbose
      proc.call
    ensure
      $stderr = saved_err
      $VERBOSE = saved_verbose
    end
    @warning = err.string
    return false if @warning.empty?
    MSpecOutputMatcher.matches_text?(@complaint, @warning)
  end

  def failure_message
    if @complaint.nil?
      ["Expected a warning", "but received none"]
    else
      ["Expected warning: #{@complaint.inspect}", "but got: #{@warning.inspect}"]
    end
  end

  def negative_failure_message
    ["Unexpected warning: ", @warning.inspect]
  end
end

class Object
  private

  def equal(expected)
    MSpecEqualMatcher.new(expected)
  end

  def eql(expected)
    MSpecEqlMatcher.new(expected)
  end

  def be_nil
    MSpecPredicateMatcher.new(:nil, nil)
  end

  def be_true
    MSpecPredicateMatcher.new(:true, nil)
  end

  def be_false
    MSpecPredicateMatcher.new(:false, nil)
  end

  def be_true_or_false
    MSpecPredicateMatcher.new(:true_or_false, nil)
  end

  def be_empty
    MSpecPredicateMatcher.new(:empty, nil)
  end

  def be_kind_of(klass)
    MSpecPredicateMatcher.new(:kind_of, klass)
  end

  def be_an_instance_of(klass)
    MSpecPredicateMatcher.new(:instance_of, klass)
  end

  def be_ancestor_of(klass)
    MSpecPredicateMatcher.new(:ancestor_of, klass)
  end

  def be_nan
    MSpecPredicateMatcher.new(:nan, nil)
  end

  def be_positive_infinity
    MSpecPredicateMatcher.new(:positive_infinity, nil)
  end

  def be_negative_infinity
    MSpecPredicateMatcher.new(:negative_infinity, nil)
  end

  def be_positive_zero
    MSpecPredicateMatcher.new(:positive_zero, nil)
  end

  def be_negative_zero
    MSpecPredicateMatcher.new(:negative_zero, nil)
  end

  def respond_to(name)
    MSpecPredicateMatcher.new(:respond_to, name)
  end

  def include(*expected)
    MSpecIncludeMatcher.new(expected)
  end

  def be_close(expected, tolerance)
    MSpecBeCloseMatcher.new(expected, tolerance)
  end

  def have_instance_method(name, include_super = true)
    MSpecMethodMatcher.new(:instance, name, include_super)
  end

  def have_public_instance_method(name, include_super = true)
    MSpecMethodMatcher.new(:public_instance, name, include_super)
  end

  def have_private_instance_method(name, include_super = true)
    MSpecMethodMatcher.new(:private_instance, name, include_super)
  end

  def have_protected_instance_method(name, include_super = true)
    MSpecMethodMatcher.new(:protected_instance, name, include_super)
  end

  def have_singleton_method(name, include_super = true)
    MSpecMethodMatcher.new(:singleton, name, include_super)
  end

  def have_private_method(name, include_super = true)
    MSpecMethodMatcher.new(:private, name, include_super)
  end

  def have_method(name, include_super = true)
    MSpecMethodMatcher.new(:any, name, include_super)
  end

  def raise_error(*args, &block)
    MSpecRaiseErrorMatcher.new(args, block)
  end

  # raise_consistent_error(Class, message): MSpec's matcher for coercion
  # errors, whose messages CRuby makes consistent only in 4.1 (bug #21864):
  # as MSpec, the message is ignored when RUBY_ENGINE is "ruby" and the
  # version is below 4.1 (CRuby 3.4 says "can't convert X to Integer (X#to_int
  # gives Y)" where the spec expects "can't convert X into Integer").
  def raise_consistent_error(*args, &block)
    if RUBY_ENGINE == "ruby" && MSpec.version_match?(""..."4.1") && args.size > 1
      args = [args[0]]
    end
    MSpecRaiseErrorMatcher.new(args, block)
  end

  def block_caller(timeout = 0.1)
    MSpecBlockingMatcher.new(timeout)
  end

  def output(stdout = nil, stderr = nil)
    MSpecOutputMatcher.new(stdout, stderr)
  end

  # MSpec takes the options as a positional Hash: complain(/w/, {verbose: true})
  def complain(complaint = nil, options = nil, verbose: false)
    verbose ||= options[:verbose] if options.is_a?(Hash)
    MSpecComplainMatcher.new(complaint, verbose)
  end
end

# [[receiver, *args, expected], ...].should be_computed_by(:meth, *extra)
class MSpecComputedByMatcher < MSpecMatcher
  def initialize(sym, args)
    @sym = sym
    @args = args
  end

  def matches?(rows)
    rows.each do |row|
      @receiver = row[0]
      @value = row[row.size - 1]
      @arguments = row[1, row.size - 2] + @args
      @got = @receiver.__send__(@sym, *@arguments)
      return false unless @got == @value
    end
    true
  end

  def failure_message
    args = @arguments.map { |a| MSpec.pretty(a) }.join(", ")
    ["Expected #{MSpec.pretty(@value)}", "to be computed by #{MSpec.pretty(@receiver)}.#{@sym}(#{args}) (computed #{MSpec.pretty(@got)} instead)"]
  end
end

class MSpecConstantMatcher < MSpecMatcher
  def initialize(name)
    @name = name.to_sym
  end

  def matches?(mod)
    @actual = mod
    mod.constants.include?(@name)
  end

  def describe_expected
    "have constant #{@name}"
  end
end

# output_to_fd(what, io = STDOUT): what the block writes to the file
# descriptor itself (not only through $stdout): the IO is reopened on a
# temporary file while the block runs.
class MSpecOutputToFDMatcher < MSpecMatcher
  def initialize(expected, io)
    @expected = expected
    @io = io
  end

  def matches?(block)
    path = tmp("output_to_fd")
    saved = @io.dup
    begin
      @io.reopen(path, "w")
      block.call
    ensure
      @io.flush
      @io.reopen(saved)
      saved.close
    end
    @got = File.read(path)
    File.delete(path)
    MSpecOutputMatcher.matches_text?(@expected, @got)
  end

  def failure_message
    ["Expected (#{@io.inspect}): #{@expected.inspect}", "                     but got: #{@got.inspect}"]
  end

  def negative_failure_message
    ["Expected output (#{@io.inspect}) to NOT be:", @got.inspect]
  end
end

class Object
  private

  def be_computed_by(sym, *args)
    MSpecComputedByMatcher.new(sym, args)
  end

  def have_constant(name)
    MSpecConstantMatcher.new(name)
  end

  def output_to_fd(what, where = STDOUT)
    MSpecOutputToFDMatcher.new(what, where)
  end
end
