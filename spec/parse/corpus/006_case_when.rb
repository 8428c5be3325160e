# Corpus: case when
def classify(x)
  case x
  when Integer, Float then "number"
  when /^\d+$/ then "digits"
  when String, Symbol then "text"
  when nil then "nil"
  when 1..5 then "unreachable"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  else "other"
  end
end
puts classify(1), classify("12"), classify("ab"), classify(nil), classify([1]), classify(Object.new)
