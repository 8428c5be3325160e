# Racing writers and readers on shared containers: growing and shrinking an
# Array (push/pop/shift/unshift/insert/delete_at), a Hash (store/delete/
# iterate) and a String (append/replace) while other threads read them.
# Lost updates and odd values are allowed; crashes and corrupt containers
# are not.  (Readers take snapshots of the Hash: iterating it with #each
# while another thread adds keys raises, in CRuby too.)  Only invariants that hold under any interleaving are printed.
# golden: ruby31
a = [0] * 10
h = {}
s = +"start"
writers = 2.times.map do |t|
  Thread.new do
    10_000.times do |i|
      case i % 6
      when 0 then a.push(i)
      when 1 then a.pop
      when 2 then a.unshift(t)
      when 3 then a.shift
      when 4 then a.insert(a.size / 2, i)
      else a.delete_at(0)
      end
      h[i % 500] = i
      h.delete((i * 7) % 500) if i.odd?
      s << "ab"
      s.replace("r") if i % 2500 == 2499
    end
  end
end
readers = 2.times.map do
  Thread.new do
    n = 0
    1_500.times do
      a.each { |x| n += 1 if x.is_a?(Integer) }
      n += a[a.size - 1].to_i + a.first.to_i * 0
      h.to_a.each { |k, v| n += 1 if k.is_a?(Integer) && v.is_a?(Integer) }
      n += 1 if h[n % 500].is_a?(Integer)
      h.values.max_by(&:to_i)
      n += s.size > 0 ? 1 : 0
      a.dup.sort_by(&:to_i)
      h.keys.size
      s.count("a")
    end
    n
  end
end
(writers + readers).each(&:join)
puts a.all? { |x| x.nil? || x.is_a?(Integer) }
puts h.keys.all? { |k| k.is_a?(Integer) && k < 500 }, h.size <= 500
puts s.count("ab") >= 0, s.bytesize == s.size
puts readers.all? { |r| r.value.is_a?(Integer) }
puts "ok"
