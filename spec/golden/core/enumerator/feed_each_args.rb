# Enumerator#feed sets what the iteration's yield returns when #next
# resumes it; Enumerator#each(*args) appends arguments (a new Enumerator
# without a block); a generator block receives each's arguments
class Feeder
  def each
    got = []
    got << (yield 1)
    got << (yield 2)
    got << (yield 3)
    p got
    :each_done
  end
end

e = Feeder.new.to_enum
p e.next
p e.feed(:a)
begin
  e.feed(:b)
rescue TypeError => x
  p x.message
end
p e.next
p e.next
begin
  e.next
rescue StopIteration => x
  p x.result
end

e.rewind
e.feed(:pending)
e.rewind
p e.next, e.next, e.next
begin; e.next; rescue StopIteration; end

y = Enumerator.new { |yy| p yy.yield(:first) }
y.next
y.feed(:fed)
begin; y.next; rescue StopIteration => x; p x.class; end

o = Object.new
def o.each_arg(a, *rest)
  yield a, *rest
  :returned
end
en = o.to_enum(:each_arg, :x)
e2 = en.each(:y, :z)
p e2.class, e2.equal?(en), e2.to_a, en.to_a
p en.each(1) { |*v| p v }
g = Enumerator.new { |yy, *args| yy << args }
p g.each(7, 8).to_a, g.to_a
