# Corpus: procs_lambdas, define_method, ensure_order
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

def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }
