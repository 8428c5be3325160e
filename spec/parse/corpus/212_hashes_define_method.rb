# Corpus: hashes, define_method, find_pattern
inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)

class Meta
  %w[alpha beta].each_with_index do |nm, i|
    define_method("#{nm}?") { i.even? }
    define_method(:"#{nm}_value") { |mult = 1| (i + 1) * mult }
  end
end
m = Meta.new
puts m.alpha?, m.beta?, m.beta_value(10), m.respond_to?(:alpha_value)
puts Meta.instance_methods(false).sort.inspect

case [1, 42, "x", :sym, 7]
in [*, String => s, Symbol => y, *post]
  puts "found #{s} #{y} #{post}"
end
val = 5
case 5
in ^val then puts "pinned"
end
case {status: "ok", items: [1, 2]}
in {status: "ok" | "done", items: [_, *] => items}
  puts items.size
end
arr_pat = [1, [2, 3]]
case arr_pat
in [Integer => a, [b, *c]]
  puts a + b + c.sum
end
