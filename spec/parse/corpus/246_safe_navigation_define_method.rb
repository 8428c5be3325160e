# Corpus: safe_navigation, define_method, numbered_params
User = Struct.new(:profile)
Profile = Struct.new(:email)
u1 = User.new(Profile.new("a@b.c"))
u2 = User.new(nil)
puts u1.profile&.email, u2.profile&.email.inspect, u2&.profile&.email.to_s.empty?
list = nil
puts list&.size.inspect
puts (list || []).size

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }
