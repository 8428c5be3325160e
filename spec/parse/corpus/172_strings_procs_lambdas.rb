# Corpus: strings, procs_lambdas, define_method
s = "The quick brown fox"
words = s.split
puts words.map(&:capitalize).join(" ")
puts s.gsub(/o/) { |m| m.upcase }
puts s.sub("quick", "slow").center(30, "*")
puts s.scan(/\w+/).length, s =~ /brown/, $~[0]
printf("%05.2f|%-6s|%x\n", 3.14159, "ab", 255)
puts "tab\tnew\\line \u00e9 \x41 \101"

square = ->(x) { x * x }
add = lambda { |a, b = 1| a + b }
shout = proc { |s| s.to_s.upcase }
compose = square >> ->(v) { v + 1 }
puts square.(4), add[2], add.call(2, 3), shout.call(:hi), compose.call(3)
def run_block
  yield 1, 2
end
puts run_block { |a, b| a + b }
counter = 0
inc = proc { counter += 1 }
3.times(&inc)
puts counter

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect
