# Threads add different instance variables to one shared object (the
# slot block grows while others write): every ivar write is atomic and
# none is lost.
# golden: ruby31
class Box; end
box = Box.new
threads = 8.times.map do |t|
  Thread.new do
    40.times { |i| box.instance_variable_set(:"@v#{t}_#{i}", t * 100 + i) }
    200.times { |i| box.instance_variable_set(:"@v#{t}_#{i % 40}", t * 100 + i % 40) }
  end
end
threads.each(&:join)
puts box.instance_variables.size
puts (0...8).all? { |t| (0...40).all? { |i| box.instance_variable_get(:"@v#{t}_#{i}") == t * 100 + i } }
