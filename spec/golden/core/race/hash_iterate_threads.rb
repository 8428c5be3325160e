# The iteration rule holds across threads, as in CRuby: while one thread
# is inside Hash#each, another thread adding a key raises; updating an
# existing key is allowed.
# golden: ruby31
h = { a: 1, b: 2 }
inside = Queue.new
done = Queue.new
it = Thread.new { h.each { |k, v| if k == :a then inside << 1; done.pop; end } }
inside.pop
begin
  h[:c] = 3
rescue => e
  puts "#{e.class}: #{e.message}"
end
h[:a] = 10
done << 1
it.join
h[:c] = 3
puts h.map { |k, v| "#{k}=#{v}" }.join(",")
