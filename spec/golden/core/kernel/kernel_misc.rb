# loop, catch/throw, block_given?, __method__, frozen?, Comparable misc
def m
  __method__
end
p m
def takes_block
  block_given? ? yield(5) : :no_block
end
p takes_block
p takes_block { |x| x * 2 }
i = 0
r = loop do
  i += 1
  break i * 10 if i == 3
end
p r
e = [1, 2].each
res = loop do
  e.next
end
p res
v = catch(:done) do
  10.times do |a|
    10.times do |b|
      throw :done, [a, b] if a * b == 12
    end
  end
  :never
end
p v
p catch { |tag| throw tag }
p catch(:x) { 42 }
begin
  throw :nope
rescue UncaughtThrowError => ex
  puts "#{ex.class}: #{ex.message}"
end
p 5.then { |x| x + 1 }
p 5.tap { |x| puts "tap #{x}" }
p [1, 2].frozen?, "lit".frozen?, :s.frozen?, 1.frozen?, nil.frozen?
p 1.instance_of?(Integer), 1.kind_of?(Numeric), 1.is_a?(Comparable)
p Integer === 3, (1..3) === 2, /ab/ === "cab", String === "s"
p 3.respond_to?(:+), nil.respond_to?(:foo)
p [1, 2].object_id == [1, 2].object_id
a = "x"
p a.equal?(a), a.equal?("x".dup)
p rand(1..1)
p Integer.name, 3.class, 3.class.ancestors.include?(Comparable)
p defined?(foo), defined?(puts), defined?(String), defined?(@x), defined?(a)
p __LINE__
p [__FILE__.end_with?("kernel_misc.rb")]
srand(42)
x1 = rand(1000)
srand(42)
x2 = rand(1000)
p x1 == x2
p sleep(0)
p Comparable.instance_method(:between?).owner
