# Readers racing with a writer that shifts and pushes one Array: every
# push past the end of a shifted buffer moves the elements to a new
# buffer.  The array always holds consecutive integers, so any read —
# an element, the size, a copy — must see consecutive integers and never
# nil (a reader pairing the new buffer with the old start/len would see a
# shifted window: wrong elements, or nils past the end).
a = (0...8).to_a
done = false
writer = Thread.new do
  nxt = 8
  40_000.times do |i|
    k = 1 + i % 7
    k.times { a << nxt; nxt += 1 }
    (k - (i % 3 == 0 ? 0 : 1)).times { a.shift } if a.size > 4
    a.shift while a.size > 48
  end
  done = true
end

readers = 3.times.map do |t|
  Thread.new do
    bad = []
    n = 0
    until done && n > 1000
      n += 1
      first = a[0]
      last = a[-1]
      bad << [:first, first] if first.nil?
      bad << [:last, last] if last.nil?
      bad << [:order, first, last] if first && last && last < first
      s = a.dup
      bad << [:dup, s.size] unless s.each_cons(2).all? { |x, y| x && y && y == x + 1 }
      bad << [:nil] if s.include?(nil)
      m = a.size
      bad << [:size, m] if m < 0 || m > 60
      x = a.first(3)
      bad << [:first3, x] unless x.each_cons(2).all? { |p, q| p && q && q == p + 1 }
      Thread.pass if n % 64 == 0
    end
    bad.first(3)
  end
end

writer.join
results = readers.map(&:value)
puts results.all?(&:empty?)
p results.reject(&:empty?).first
puts a.each_cons(2).all? { |x, y| x && y && y == x + 1 }
