# Corpus: ternary_chain, ensure_order, define_method, object_equality
def grade(score) = score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : "F"
puts [95, 85, 72, 10].map { grade(_1) }.join
x = 5
puts x > 3 ? (x.even? ? "big even" : "big odd") : "small"

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

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])
