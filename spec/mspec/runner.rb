# Running the registered tree and reporting.
#
# Every hook and example of a file runs with instance_exec on one shared
# environment object, so @ivars set in before(:all/:each) are seen by the
# examples and a `def` inside an example defines a method on it.
#
# The watchdog is one thread that ticks every 0.1 s; when the running example
# has not changed for MSPEC_TIMEOUT seconds (default 20) it raises
# MSpecTimeoutError in the runner thread, which fails that example only.  If
# the runner thread does not come back within 10 more seconds the watchdog
# prints the summary so far and exits the process with status 1.
#
# Output: one character per example (. F E S), the failure details, then
#   1 file, N examples, K expectations, F failures, E errors
#   P passed, Q failed, S skipped
#
# Tags (MSpec's format): the driver passes the file's tag file in
# MSPEC_TAGS (spec/tags/<dir>/<name>_tags.txt).  A line
#   fails(reason):Full description of the example
# marks an example known to fail.  It still runs; if it fails it counts as
# skipped (S) instead of failed, and if it passes the summary says so, so the
# tag can be removed.

module MSpec
  # Starts a spec file: a fresh context tree, counters and tags.  A batch
  # program (scripts/rubyspec) loads and runs several files in turn, each
  # between start_file and finish_file; +tags+ is the file's tag file
  # (default: MSPEC_TAGS).  Shared describes stay registered across files:
  # a shared file is loaded once by whichever spec file requires it first.
  def self.start_file(name, tags = nil, index = nil)
    @file = name
    @skip_file = !index.nil? && !run_file?(index)
    @tags_path = tags
    @root = MSpecContext.new("", nil, false)
    @current = @root
    @load_errors = []
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
    @run_started = false
    # one environment per file, in which describe bodies, hooks and
    # examples run (MSpec's setup_env before each file)
    @env = Object.new
    out("### mspec-file #{name}\n") if @batch
    true
  end

  # As MSpec (state.process in MSpec.describe), a top-level describe runs
  # its examples as soon as its body has been evaluated: they see the
  # methods the describes before it defined, not those of later ones.
  def self.process_context(ctx)
    return if @skip_file
    begin_run
    begin
      run_context(ctx)
    rescue MSpecTimeoutError => e
      @errors += 1
      @failed += 1
      report("ERROR", "(between examples)", e)
    end
  end

  def self.begin_run
    return if @run_started
    @run_started = true
    out("### mspec-run #{@file}\n") if @batch
    @timeout = env_number("MSPEC_TIMEOUT", 20)
    @runner_thread = current_thread
    load_tags
    start_watchdog
  end

  # A batch program runs file number +index+ unless the driver listed it in
  # MSPEC_SKIP_FILES (files already reported, or the one that crashed the
  # previous run of the same executable).  A skipped file is still loaded
  # (Spinel loads a require_relative'd fixture at its first require site,
  # so a later file may need it) but its examples do not run.
  def self.run_file?(index)
    skip = ENV["MSPEC_SKIP_FILES"]
    return true if skip.nil? || skip == ""
    !skip.split(",").include?(index.to_s)
  end

  # One line of a tag reason: "Class: first line of the message".
  def self.reason_of(exc)
    msg = ""
    begin
      msg = exc.message.to_s
    rescue Exception
      msg = "(message raised)"
    end
    line = msg.split("\n").first || ""
    unless exc.is_a?(SpecExpectationNotMetError) || exc.is_a?(SpecExpectationNotFoundError)
      line = "#{exc.class}: #{line}"
    end
    line = line[0, 150] if line.size > 150
    line.gsub("):", ") :").gsub("\t", " ")
  end

  # Batch mode: every failure (tagged or not) as
  #   ### mspec-fail <reason>\t<full description>
  # from which scripts/rubyspec writes the tag files.
  def self.print_fail_lines
    @reports.each do |r|
      out("### mspec-fail #{reason_of(r[2])}\t#{r[1]}\n")
    end
    @tagged_failures.each do |t|
      out("### mspec-fail #{reason_of(t[1])}\t#{t[0]}\n")
    end
  end

  # The batch wrapper calls this first: finish_file then reports and goes
  # on to the next file instead of exiting; finish_batch exits.
  def self.batch!
    @batch = true
    @batch_failed = false
  end

  # A spec file that raised while loading outside any describe (a fixture
  # referring to a missing constant, ...): one error for the file.
  def self.load_error(e)
    @load_errors << [@file, e]
  end

  def self.finish_batch
    exit(@batch_failed ? 1 : 0)
  end

  def self.env_number(name, default)
    v = ENV[name]
    return default if v.nil? || v == ""
    n = v.to_f
    n > 0 ? n : default
  end

  def self.verbose?
    v = ENV["MSPEC_VERBOSE"]
    !v.nil? && v != "" && v != "0"
  end

  def self.out(s)
    STDOUT.print(s)
    STDOUT.flush
  end

  # The ruby/spec spec_helper refuses old Rubies; validation runs of this
  # suite under an older CRuby set MSPEC_VALIDATE=1.
  def self.validating?
    v = ENV["MSPEC_VALIDATE"]
    !v.nil? && v != "" && v != "0"
  end

  def self.start_watchdog
    runner = current_thread
    limit = (@timeout * 10).to_i
    begin
      start_watchdog_thread(runner, limit) if runner
    rescue NameError, NotImplementedError, ThreadError => e
      # a Ruby without threads (e.g. CRuby on WebAssembly): run unguarded
      @watchdog = nil
    end
  end

  def self.start_watchdog_thread(runner, limit)
    @watchdog = Thread.new do
      seen = -1
      ticks = 0
      fired_at = nil
      while true
        sleep 0.1
        if @running
          if @serial == seen
            ticks += 1
          else
            seen = @serial
            ticks = 0
            fired_at = nil
          end
          if fired_at.nil? && ticks >= limit
            fired_at = ticks
            @timed_out = true
            runner.raise(MSpecTimeoutError.new("example timed out after #{@timeout} seconds (MSPEC_TIMEOUT)"))
          elsif fired_at && ticks >= fired_at + 100
            desc = @example ? @example.full_description : "(between examples)"
            @errors += 1
            @failed += 1
            report("ERROR", desc, MSpecTimeoutError.new("did not stop within 10 s after the #{@timeout} s timeout; remaining examples not run"))
            MSpec.print_summary
            exit!(1)
          end
        else
          ticks = 0
        end
      end
    end
    @watchdog.report_on_exception = false
  end

  def self.stop_watchdog
    if @watchdog
      @watchdog.kill
      @watchdog = nil
    end
  end

  def self.load_tags
    # MSPEC_NO_TAGS=1: run as if nothing were tagged (make rubyspec, which
    # rewrites the tags from the failures)
    return if ENV["MSPEC_NO_TAGS"] == "1"
    path = @tags_path || ENV["MSPEC_TAGS"]
    return if path.nil? || path == "" || !File.exist?(path)
    File.readlines(path).each do |line|
      line = line.chomp
      next unless line.start_with?("fails")
      rest = line[5, line.length - 5]
      reason = ""
      if rest.start_with?("(")
        # the reason ends at the first "):" (a reason may contain parentheses)
        close = rest.index("):")
        next if close.nil?
        reason = rest[1, close - 1]
        rest = rest[close + 1, rest.length - close - 1]
      end
      next unless rest.start_with?(":")
      @tags[rest[1, rest.length - 1]] = reason
    end
  end

  def self.tagged_fails?(description)
    @tags.key?(description)
  end

  def self.report(kind, description, exc)
    @reports << [kind, description, exc]
  end

  # Runs a hook or an example body; returns the exception or nil.
  def self.protect(block)
    begin
      @env.instance_exec(&block)
      nil
    rescue MSpecTimeoutError => e
      e
    rescue Exception => e
      e
    end
  end

  def self.run_context(ctx)
    return if ctx.shared || ctx.ran
    ctx.ran = true
    ok = true
    ctx.before_all.each do |b|
      next unless ok
      @running = true
      @serial += 1
      e = protect(b)
      @running = false
      if e
        ok = false
        @errors += 1
        @failed += 1
        report("ERROR", ctx.full_description + " (before :all)", e)
        out("E")
      end
    end
    if ok
      ctx.items.each do |item|
        if item.is_a?(MSpecExample)
          run_example(item)
        else
          run_context(item)
        end
      end
    end
    ctx.after_all.each do |b|
      @running = true
      @serial += 1
      e = protect(b)
      @running = false
      if e
        @errors += 1
        @failed += 1
        report("ERROR", ctx.full_description + " (after :all)", e)
        out("E")
      end
    end
  end

  def self.run_example(ex)
    @example = ex
    @example_expectations = 0
    @example_failure = nil
    @examples += 1
    out("- #{ex.full_description}\n") if verbose?
    chain = ex.context.chain
    @serial += 1
    @running = true
    failure = nil
    chain.each do |c|
      c.before_each.each do |b|
        failure ||= protect(b)
      end
    end
    if failure.nil?
      failure = protect(ex.block)
    end
    # the example (or a thread it started) may have recorded a failure
    failure = @example_failure if failure.nil? && @example_failure
    chain.reverse.each do |c|
      c.after_each.each do |b|
        e = protect(b)
        failure ||= e
      end
    end
    @running = false
    msg = nil
    begin
      msg = verify_and_reset_mocks(failure.nil?)
    rescue Exception => e
      failure ||= e
    end
    failure ||= SpecExpectationNotMetError.new(msg) if msg
    failure = @example_failure if failure.nil? && @example_failure
    if failure.nil? && @example_expectations == 0
      failure = SpecExpectationNotFoundError.new
    end
    @example = nil
    if failure.nil?
      @passed += 1
      @tagged_passes << ex.full_description if tagged_fails?(ex.full_description)
      out(".") unless verbose?
    elsif tagged_fails?(ex.full_description)
      @skipped += 1
      @tagged_failures << [ex.full_description, failure]
      out(verbose? ? "  SKIPPED (tagged fails: #{@tags[ex.full_description]})\n" : "S")
    elsif failure.is_a?(SpecExpectationNotMetError) || failure.is_a?(SpecExpectationNotFoundError)
      @failures += 1
      @failed += 1
      report("FAILED", ex.full_description, failure)
      out(verbose? ? "  FAILED\n" : "F")
    else
      @errors += 1
      @failed += 1
      report("ERROR", ex.full_description, failure)
      out(verbose? ? "  ERROR\n" : "E")
    end
  end

  def self.backtrace_lines(exc)
    bt = nil
    begin
      bt = exc.backtrace
    rescue Exception
      bt = nil
    end
    return [] if bt.nil?
    lines = []
    bt.each do |l|
      next if l.include?("spec/mspec/")
      lines << l
      break if lines.size >= 6
    end
    lines
  end

  def self.print_reports
    i = 0
    @reports.each do |r|
      i += 1
      kind = r[0]
      exc = r[2]
      out("\n#{i})\n#{r[1]} #{kind}\n")
      msg = nil
      begin
        msg = exc.message
      rescue Exception
        msg = "(message raised)"
      end
      if exc.is_a?(SpecExpectationNotMetError) || exc.is_a?(SpecExpectationNotFoundError)
        out("#{msg}\n")
      else
        out("#{exc.class}: #{msg}\n")
      end
      backtrace_lines(exc).each { |l| out("#{l}\n") }
    end
  end

  def self.plural(n, word)
    n == 1 ? "#{n} #{word}" : "#{n} #{word}s"
  end

  def self.print_summary
    print_reports
    @tagged_passes.each { |d| out("\ntagged fails, but passes now (remove the tag): #{d}\n") }
    out("\n#{plural(1, 'file')}, #{plural(@examples, 'example')}, #{plural(@expectations, 'expectation')}, " \
        "#{plural(@failures, 'failure')}, #{plural(@errors, 'error')}\n")
    out("#{@passed} passed, #{@failed} failed, #{@skipped} skipped\n")
  end

  # Entry point called by the generated wrapper after the spec file loaded.
  def self.finish_file
    return if @skip_file
    begin_run
    @load_errors.each do |le|
      desc = le[0] + " (while loading)"
      if tagged_fails?(desc)
        # a describe body known to raise (tagged like an example)
        @skipped += 1
        @tagged_failures << [desc, le[1]]
        out("S")
      else
        @errors += 1
        @failed += 1
        report("ERROR", desc, le[1])
        out("E")
      end
    end
    begin
      run_context(@root)
    rescue MSpecTimeoutError => e
      @errors += 1
      @failed += 1
      report("ERROR", "(between examples)", e)
    end
    stop_watchdog
    out("\n")
    print_summary
    if @batch
      @batch_failed = true if @failed > 0
      print_fail_lines
      out("### mspec-end #{@file}\n")
    else
      exit(@failed == 0 ? 0 : 1)
    end
  end
end
