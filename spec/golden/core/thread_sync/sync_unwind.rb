# Inline Mutex#synchronize: every way out of the block unlocks the mutex
# (raise, throw, return, break, next, Thread#kill, Thread#raise, an error
# raised by the unlock itself) and the backtrace shows the block and
# synchronize frames.
m = Mutex.new

def through(m)
  m.synchronize { raise ArgumentError, "inside" }
end
begin
  through(m)
rescue ArgumentError => e
  puts "rescued #{e.message}, locked=#{m.locked?}"
  puts e.backtrace.first(3)
end

r = catch(:done) do
  m.synchronize { throw :done, 42 }
end
puts "throw #{r} locked=#{m.locked?}"

def ret(m)
  m.synchronize { return :from_block }
  :after
end
puts "return #{ret(m)} locked=#{m.locked?}"

i = 0
while i < 3
  i += 1
  m.synchronize { next if i == 1; break if i == 2 }
end
puts "loop i=#{i} locked=#{m.locked?}"

# the unlock itself fails: its ThreadError replaces the block's error
begin
  m.synchronize { m.unlock; raise "lost" }
rescue => e
  puts "#{e.class}: #{e.message}, locked=#{m.locked?}"
end

# a counter kept across exceptions in the same method
def count(m, n)
  c = 0
  n.times do |k|
    begin
      m.synchronize { c += 1; raise IndexError if k.odd? }
    rescue IndexError
      c += 100
    end
  end
  c
end
puts "count #{count(m, 10)} locked=#{m.locked?}"

