def with_ensure(log, mode)
  [1, 2, 3].each do |i|
    begin
      log << "start #{i}"
      case mode
      when :break then break
      when :next then next
      when :return then return :returned
      when :raise then raise "boom"
      end
      log << "end #{i}"
    ensure
      log << "ensure #{i}"
    end
  end
  :finished
end
%i[break next return raise none].each do |mode|
  log = []
  r = begin
    with_ensure(log, mode)
  rescue => e
    "rescued #{e.message}"
  end
  p [mode, r, log]
end
def while_ensure
  out = []
  i = 0
  while i < 4
    i += 1
    begin
      next if i == 2
      break if i == 4
      out << i
    ensure
      out << "e#{i}"
    end
  end
  out
end
p while_ensure
def nested
  out = []
  begin
    begin
      out << 1
      return out
    ensure
      out << 2
    end
  ensure
    out << 3
  end
end
p nested
def ensure_value
  return 1
ensure
  puts "ensure runs"
end
p ensure_value
x = begin
  10
ensure
  20
end
p x
def throwing
  catch(:done) do
    begin
      throw :done, :thrown
    ensure
      puts "ensure on throw"
    end
  end
end
p throwing
def retry_it
  attempts = 0
  begin
    attempts += 1
    raise "fail" if attempts < 3
    "ok after #{attempts}"
  rescue
    retry
  end
end
p retry_it
def ensure_raise
  begin
    raise "first"
  ensure
    puts "cleanup"
  end
rescue => e
  "got #{e.message}"
end
p ensure_raise
def loop_ensure
  r = loop do
    begin
      break 7
    ensure
      puts "loop ensure"
    end
  end
  r
end
p loop_ensure
