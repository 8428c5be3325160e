# Corpus: procs_lambdas, gvars_special, exceptions
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

$counter = 0
def bump = $counter += 1
3.times { bump }
puts $counter
puts $PROGRAM_NAME.class, __method__.inspect
def meth_name = __method__
puts meth_name
puts __FILE__.end_with?(".rb"), __LINE__ > 0
"abc" =~ /b/
puts $~.pre_match, $`, $'

class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end
