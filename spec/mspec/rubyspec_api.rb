# The parts of MSpec's public API that the real ruby/spec suite
# (../shared/rubyspec) uses beyond Spinel's own specs: SpecVersion,
# VersionGuard, PlatformGuard, MSpecScript, the version/kernel guards that
# need them, numeric and file-system helpers, mock_numeric/mock_to_path,
# be_computed_by, have_constant, output_to_fd, and ruby_exe/ruby_cmd (which
# compile the code with Spinel and run the executable).
#
# Written from MSpec's documented behaviour (github.com/ruby/mspec), not
# copied.  The target is a Ruby reporting RUBY_VERSION on 64-bit Linux.

# Tells ruby/spec's spec_helper.rb that a runner is loaded (it would try
# `require 'mspec'` otherwise); children started by ruby_exe inherit it.
ENV["MSPEC_RUNNER"] = "1"
# As MSpec's runner does: the command of the implementation under test
# (fixtures run `system(ENV["RUBY_EXE"], *ENV["RUBY_FLAGS"].split, "-e",
# code)`; spinel -e compiles the code and runs it).
ENV["RUBY_EXE"] ||= File.expand_path(ENV["SPINEL_EXE"].to_s == "" ? "bin/spinel" : ENV["SPINEL_EXE"])
ENV["RUBY_FLAGS"] ||= "-O0"

# A version string compared numerically ("3.10" > "3.9"); +ceil+ pads the
# missing parts with 99 instead of 0 (MSpec uses it for inclusive range ends).
class SpecVersion
  include Comparable

  def initialize(version, ceil = false)
    @version = version.to_s
    @ceil = ceil
  end

  def to_s
    @version
  end

  def to_str
    @version
  end

  def inspect
    "#<SpecVersion #{@version}>"
  end

  # major * 10000 + minor * 100 + tiny
  def to_i
    parts = @version.split(".").map { |s| s.to_i }
    fill = @ceil ? 99 : 0
    while parts.size < 3
      parts << fill
    end
    parts[0] * 10000 + parts[1] * 100 + parts[2]
  end

  def <=>(other)
    o = other.is_a?(SpecVersion) ? other : SpecVersion.new(other.to_s)
    to_i <=> o.to_i
  end
end

class SpecGuard
  def self.ruby_version
    RUBY_VERSION.split(".").first(2).join(".")
  end

  def standard?
    true
  end

  def implementation?(*names)
    names.include?(:spinel)
  end
end

class VersionGuard < SpecGuard
  FULL_RUBY_VERSION = SpecVersion.new(RUBY_VERSION)
end

class PlatformGuard < SpecGuard
  POINTER_SIZE = 64
  C_LONG_SIZE = 64

  def self.os?(*oses)
    oses.any? { |os| MSpec.os_match?(os) }
  end

  def self.windows?
    false
  end

  def self.linux?
    true
  end

  def self.opal?
    false
  end

  def self.wasi?
    false
  end

  def self.standard?
    true
  end

  def self.implementation?(*names)
    names.include?(:spinel)
  end
end

# language/predefined_spec.rb asks whether the runner tests `ruby` itself.
class MSpecScript
  def self.config
    {}
  end
end

module MSpec
  # :linux, :unix, "x86_64-linux" ... against this platform
  def self.os_match?(os)
    s = os.to_s
    return true if s == "linux" || s == "unix" || s == "posix"
    return false if os.is_a?(Symbol)
    RUBY_PLATFORM.include?(s)
  end

  def self.enable_feature(name)
    @features << name unless @features.include?(name)
  end

  def self.disable_feature(name)
    @features.delete(name)
  end

  def self.feature_enabled?(name)
    @features.include?(name)
  end

  # the running kernel's release ("6.1.0-13-amd64" -> "6.1.0")
  def self.kernel_release
    r = nil
    begin
      r = File.read("/proc/sys/kernel/osrelease")
    rescue Exception
      r = "0"
    end
    m = r.match(/\A[0-9.]+/)
    m ? m[0].chomp(".") : "0"
  end

  # the spinel executable ruby_exe compiles with (the driver exports it)
  def self.spinel
    s = ENV["SPINEL_EXE"]
    s = "bin/spinel" if s.nil? || s == ""
    File.expand_path(s)
  end

  # The executable for a Ruby source file: compiled once per content and
  # compiler (the same code compiled by several examples is reused; the temp
  # dir outlives a run, and a program of an older spinel must not be) into
  # the temp dir.
  def self.compile_ruby(path, flags = [])
    src = File.read(path)
    # the compiler and the runtime it links are named by their mtimes
    rt = File.expand_path("../../lib/libspinel_rt.a", spinel)
    stamps = [spinel, rt].map { |f| File.exist?(f) ? File.mtime(f).to_f.to_s : "" }
    key = (spinel + "\0" + stamps.join("\0") + "\0" + src + "\0" + flags.join("\0")).hash.abs.to_s(36)
    dir = File.join(File.expand_path(tmp_dir), "rubyexe")
    # a spec may have removed the whole temp dir (rm_r tmp("")) before
    mkdir_p(dir)
    exe = File.join(dir, "prog-#{key}")
    return exe if File.exist?(exe)
    copy = exe + ".rb"
    File.write(copy, src) unless path == copy
    log = exe + ".compile"
    ok = system("#{spinel} #{flags.join(" ")} #{copy} -O0 -o #{exe}.tmp > #{log} 2>&1")
    unless ok
      msg = File.exist?(log) ? File.read(log) : ""
      raise NotImplementedError, "ruby_exe: spinel could not compile #{path}: #{msg.lines.first(3).join}"
    end
    File.rename("#{exe}.tmp", exe)
    exe
  end
end

class Object
  private

  def kernel_version_is(spec)
    ok = MSpec.version_match?(spec, MSpec.kernel_release)
    if block_given?
      yield if ok
    end
    ok
  end

  # --- numbers (MSpec's helpers/numeric) ---
  def nan_value
    0 / 0.0
  end

  def infinity_value
    1 / 0.0
  end

  # 2**64 + plus, a Bignum on every platform (the suite's expectations
  # say so: core/integer/abs_spec.rb has bignum_value(39).abs ==
  # 18446744073709551655)
  def bignum_value(plus = 0)
    0x1_0000_0000_0000_0000 + plus
  end

  def fixnum_max
    4611686018427387903
  end

  def fixnum_min
    -4611686018427387904
  end

  def max_long
    9223372036854775807
  end

  def min_long
    -9223372036854775808
  end

  def frozen_error_class
    FrozenError
  end

  def hash_class
    Hash
  end

  def enumerator_class
    Enumerator
  end

  # --- mocks ---
  def mock_numeric(name, options = nil)
    NumericMockObject.new(name, options)
  end

  def mock_to_path(path)
    m = MockObject.new("path")
    m.should_receive(:to_path).and_return(path)
    m
  end

  # --- warnings, environment ---
  def suppress_warning
    saved = $VERBOSE
    $VERBOSE = nil
    begin
      yield
    ensure
      $VERBOSE = saved
    end
  end

  def suppress_keyword_warning(&block)
    suppress_warning(&block)
  end

  def with_timezone(name, offset = nil)
    zone = name.dup
    if offset
      # TZ wants the offset with the opposite sign: "UTC+1" is one hour west
      hours = offset.to_i
      zone << (hours > 0 ? "-#{hours}" : "+#{-hours}")
    end
    saved = ENV["TZ"]
    ENV["TZ"] = zone
    begin
      yield
    ensure
      if saved.nil?
        ENV.delete("TZ")
      else
        ENV["TZ"] = saved
      end
    end
  end

  # argv ARGS { }: ARGV holds ARGS while the block runs (getoptlong and
  # optparse specs); argv(ARGS) without a block replaces it until
  # argv(:restore).
  def argv(args)
    if args == :restore
      ARGV.replace(@__argv_saved || [])
      return
    end
    @__argv_saved = ARGV.dup
    ARGV.replace(args)
    return unless block_given?
    begin
      yield
    ensure
      argv(:restore)
    end
  end

  # argf [NAMES] { }: @argf is a fresh ARGF (ARGF.class.new(*NAMES)) with
  # its first file open while the block runs; the files it opened are
  # closed after it (ARGF specs).
  def argf(names)
    if names.empty? || names.length > 2
      raise ArgumentError, "Only 1 or 2 filenames are allowed for the argf helper so files can be properly closed: #{names.inspect}"
    end
    @argf = ARGF.class.new(*names)
    first = @argf.file
    begin
      yield
    ensure
      [first, @argf.file].each { |f| f.close unless f.closed? || f.equal?(STDIN) }
      @argf = nil
    end
  end

  def username
    ENV["USER"] || `whoami`.strip
  end

  def home_directory
    ENV["HOME"]
  end

  def dev_null
    "/dev/null"
  end

  # --- files (MSpec's helpers/fs) ---
  def mkdir_p(path)
    acc = ""
    File.expand_path(path).split("/").each do |part|
      next if part == ""
      acc = acc + "/" + part
      if File.file?(acc)
        raise ArgumentError, "path component of #{path} is a file"
      end
      unless File.directory?(acc)
        begin
          Dir.mkdir(acc)
        rescue Errno::EEXIST
          raise unless File.directory?(acc)
        end
      end
    end
    nil
  end

  def rm_r(*paths)
    prefix = File.expand_path(MSpec.tmp_dir)
    paths.each do |p|
      path = File.expand_path(p)
      unless path.start_with?(prefix)
        raise ArgumentError, "#{path} is not prefixed by #{prefix}"
      end
      if File.symlink?(path)
        File.unlink(path)
      elsif File.directory?(path)
        Dir.entries(path).each do |x|
          rm_r("#{path}/#{x}") unless x == "." || x == ".."
        end
        Dir.rmdir(path)
      elsif File.exist?(path)
        File.delete(path)
      end
    end
    nil
  end

  def touch(name, mode = "w")
    mkdir_p(File.dirname(name))
    File.open(name, mode) do |f|
      yield f if block_given?
    end
    nil
  end

  def cp(source, dest)
    File.open(dest, "wb") do |d|
      File.open(source, "rb") { |s| d.write(s.read) }
    end
    nil
  end

  def new_fd(name, mode = "w:utf-8")
    mode = mode[:mode] if mode.is_a?(Hash)
    IO.sysopen(name, mode)
  end

  # a Hash mode is File.new's options (MSpec's new_io)
  def new_io(name, mode = "w:utf-8")
    Hash === mode ? File.new(name, **mode) : File.new(name, mode)
  end

  # --- subprocesses: the code is compiled with Spinel and run ---
  # ruby_exe(code_or_file, options:, args:, env:, exception: true)
  def ruby_exe(code = :not_given, opts = {})
    # no code: the command that stands for the interpreter, as an Array
    # (spinel -e CODE / spinel - compile the program and run it)
    return [MSpec.spinel, "-O0"] if code == :not_given
    cmd = ruby_cmd(code, opts)
    env = opts[:env] || {}
    saved = {}
    env.each do |k, v|
      saved[k.to_s] = ENV[k.to_s]
      ENV[k.to_s] = v
    end
    begin
      out = `#{cmd}`
      status = $?
      # exit_status: the status the code is expected to end with (default
      # 0), or the signal that ends it (:SIGPIPE)
      want = opts.fetch(:exit_status, 0)
      if want.is_a?(Symbol) || want.is_a?(String)
        want = Signal.list.fetch(want.to_s.delete_prefix("SIG"))
        got = status.signaled? ? status.termsig : nil
      else
        got = status.exited? ? status.exitstatus : status.termsig
      end
      if opts.fetch(:exception, true) && got != want
        raise "ruby_exe(#{code.inspect}) failed: #{status.inspect}"
      end
      out
    ensure
      saved.each do |k, v|
        if v.nil?
          ENV.delete(k)
        else
          ENV[k] = v
        end
      end
    end
  end

  # The command line ruby_exe runs.  -r LIB and -I DIR are compiler
  # options too (spinel -r/-I); the other interpreter options (-w, -W,
  # --enable, ...) have no meaning for a compiled program and are refused
  # honestly.  Without code, the program is read from stdin (spinel -).
  def ruby_cmd(code, opts = {})
    flags = ruby_exe_flags(opts[:options].to_s)
    path = nil
    if code && File.exist?(code)
      path = code
    elsif code
      path = tmp("rubyexe.rb")
      File.write(path, code)
    else
      return [MSpec.spinel, "-O0", *flags, "-", opts[:args]].compact.join(" ")
    end
    exe = MSpec.compile_ruby(path, flags)
    [exe, opts[:args]].compact.join(" ")
  end

  def ruby_exe_flags(options)
    words = options.split(" ")
    flags = []
    until words.empty?
      w = words.shift
      if w == "-r" || w == "-I"
        flags << w << words.shift.to_s
      elsif w.start_with?("-r") || w.start_with?("-I")
        flags << w
      else
        raise NotImplementedError, "ruby_exe options #{options.inspect}: Spinel compiles programs, there is no interpreter to pass #{w} to"
      end
    end
    flags
  end
end

# `evaluate <<-ruby, desc do ... end` (language/method_spec.rb, the arity
# specs): one example that runs the Ruby source with instance_eval on a
# SpecEvaluate and then the block on the same object, so a method the
# source defines is visible to the block.  Spinel compiles a source known
# at compile time into the block (codegen/emit/ceval.c, which calls
# __spinel_evaluate); any other source goes through instance_eval of a
# string, which raises NotImplementedError when it runs.
class SpecEvaluate
  def self.desc=(desc)
    @desc = desc
  end

  def self.desc
    @desc ||= "evaluates "
  end

  def initialize(ruby, desc)
    @ruby = ruby.rstrip
    @desc = desc || self.class.desc
  end

  # The source in the example's description: one line quoted, several
  # lines on their own with a four-space indent.
  def shown
    return "'#{@ruby.lstrip}'" unless @ruby.include?("\n")
    lines = @ruby.each_line.to_a
    indent = lines.first[/\A */].size
    lines = if indent > 4
              lines.map { |l| l[(indent - 4)..-1] || "" }
            else
              lines.map { |l| (" " * (4 - indent)) + l }
            end
    "\n#{lines.join}"
  end

  def define(compiled, &block)
    ruby = @ruby
    ev = self
    MSpec.add_example("#{@desc} #{shown}", proc {
      ev.instance_eval(ruby) unless compiled
      ev.instance_eval(&block)
    })
  end
end

class Object
  private

  def evaluate(ruby, desc = nil, &block)
    SpecEvaluate.new(ruby, desc).define(false, &block)
  end

  def __spinel_evaluate(ruby, desc = nil, &block)
    SpecEvaluate.new(ruby, desc).define(true, &block)
  end
end
