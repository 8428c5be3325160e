# Helpers every spec file may use: ScratchPad, a String-backed IO for
# output/complain, flunk, fixture, tmp, and MSpec's tolerance constants.

TOLERANCE = 0.00003 unless defined?(TOLERANCE)
TIME_TOLERANCE = 20.0 unless defined?(TIME_TOLERANCE)

module ScratchPad
  @record = nil

  def self.clear
    @record = nil
  end

  def self.record(arg)
    @record = arg
  end

  def self.<<(arg)
    @record << arg
  end

  def self.recorded
    @record
  end

  def self.inspect
    "<ScratchPad @record=#{@record.inspect}>"
  end
end

# A tiny StringIO replacement: enough of IO's writing side for $stdout /
# $stderr replacement (write, print, puts, printf, <<, flush, sync).
class MSpecIO
  def initialize
    @buf = +""
  end

  def string
    @buf
  end

  def to_s
    @buf
  end

  # MSpec's IOStub is a String: specs match the captured text directly
  # ($stderr.should =~ /message/)
  def =~(pattern)
    @buf =~ pattern
  end

  def write(*args)
    n = 0
    args.each do |a|
      s = a.to_s
      @buf << s
      n += s.bytesize
    end
    n
  end

  def <<(obj)
    write(obj)
    self
  end

  def print(*args)
    args.each { |a| write(a) }
    nil
  end

  def putc(c)
    write(c.is_a?(Integer) ? c.chr : c.to_s[0])
    c
  end

  def puts_one(a)
    if a.is_a?(Array)
      a.each { |e| puts_one(e) }
    else
      s = a.nil? ? "" : a.to_s
      write(s)
      write("\n") unless s.end_with?("\n")
    end
  end

  def puts(*args)
    if args.empty?
      write("\n")
    else
      args.each do |a|
        if a.is_a?(Array) && a.empty?
          write("\n")
        else
          puts_one(a)
        end
      end
    end
    nil
  end

  def printf(fmt, *args)
    write(format(fmt, *args))
    nil
  end

  def flush
    self
  end

  def fsync
    0
  end

  def sync
    true
  end

  def sync=(v)
    v
  end

  def fileno
    nil
  end

  def tty?
    false
  end

  def isatty
    false
  end

  def closed?
    false
  end
end

IOStub = MSpecIO unless defined?(IOStub)

module MSpec
  @tmp_serial = 0

  def self.tmp_dir
    dir = ENV["SPEC_TEMP_DIR"]
    dir = "build/mspec/tmp" if dir.nil? || dir == ""
    File.expand_path(dir)
  end

  def self.next_tmp_serial
    @tmp_serial += 1
    @tmp_serial
  end
end

class Object
  private

  def flunk(message = "This example is a failure")
    MSpec.fail_expectation(message)
  end

  # fixture(__FILE__, "a.txt") -> "<dir of file>/fixtures/a.txt"
  # (a shared/ file uses its parent's fixtures, as in MSpec)
  def fixture(file, *args)
    path = File.dirname(file)
    path = path[0..-8] if path.end_with?("/shared")
    if path.end_with?("/fixtures")
      File.join(path, *args)
    else
      File.join(path, "fixtures", *args)
    end
  end

  # tmp("name") -> a path in the spec temp dir (created on demand)
  def tmp(name, uniquify = true)
    dir = MSpec.tmp_dir
    parts = dir.split("/")
    acc = dir.start_with?("/") ? "" : "."
    parts.each do |p|
      next if p == ""
      acc = acc + "/" + p
      Dir.mkdir(acc) unless File.directory?(acc)
    end
    if uniquify && !name.empty?
      slash = name.rindex("/")
      idx = name.rindex(".")
      if idx && (slash.nil? || idx > slash) && idx > 0
        name = "#{name[0...idx]}-#{Process.pid}-#{MSpec.next_tmp_serial}#{name[idx..-1]}"
      else
        name = "#{name}-#{Process.pid}-#{MSpec.next_tmp_serial}"
      end
    end
    File.join(dir, name)
  end

  # with_block_device { |path| } (MSpec's helper): yields the first block
  # device under /dev, if the system has one.
  def with_block_device
    dev = Dir.children("/dev").sort.map { |n| "/dev/#{n}" }.find { |pa| File.blockdev?(pa) }
    yield dev if dev
  end
end
