# golden: ruby31 (threads)
# Deep recursion on the main thread that allocates at every level: the
# overflow must raise SystemStackError at a method entry, never from inside
# the allocator (which held its lock there and hung the raise), and the
# program must go on normally after each rescue.
def deep(n) = [n, "x#{n}"].size + deep(n + 1)

30.times do
  begin
    deep(0)
  rescue SystemStackError => e
    print e.message, "\n" if e.message != "stack level too deep"
  end
end
puts "main: 30 rescued"
t = Thread.new do
  10.times.count { begin; deep(0); rescue SystemStackError; true; end }
end
puts "thread: #{t.value} rescued"
