# Corpus: define_method, constants_scope
class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

module Outer
  LIMIT = 10
  class Inner
    def limit = LIMIT
    def top = ::TOP_LEVEL
  end
end
TOP_LEVEL = :top
puts Outer::Inner.new.limit, Outer::Inner.new.top, Outer::LIMIT, Outer.const_get(:LIMIT)
