# Corpus: exceptions_custom, find_pattern
class ValidationError < StandardError
  attr_reader :field
  def initialize(field, msg = nil)
    @field = field
    super(msg || "#{field} is invalid")
  end
end
def validate!(h)
  raise ValidationError.new(:name) if h[:name].to_s.empty?
  raise ValidationError.new(:age, "too young") if h[:age] < 18
  :ok
end
[{name: "", age: 30}, {name: "x", age: 3}, {name: "y", age: 40}].each do |h|
  puts validate!(h)
rescue ValidationError => e
  puts "#{e.field}: #{e.message}"
end

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
