# send / public_send / method with symbols; symbol to_proc in common idioms
class Calc
  def add(a, b) = a + b
  def twice(x) = yield(yield(x))
  private def secret = :hidden
end
c = Calc.new
p c.send(:add, 2, 3), c.public_send("add", 4, 5), c.send(:secret), c.twice(3) { |x| x * 10 }
begin
  c.public_send(:secret)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end
ops = %i[+ - * / % **]
p ops.map { |op| 17.send(op, 5) }
p %w[apple pie].map(&:length), [[3, 1], [2]].map(&:sort), [1, 2, 3].inject(:+), [1, 2, 3].reduce(&:*)
p %w[a b].each_with_index.map { |s, i| s.send(:*, i + 1) }, [:upcase, :reverse].inject("abc") { |s, m| s.send(m) }
p 5.respond_to?(:+), :upcase.to_proc.call("x"), %i[a b c].map(&:to_s).join, %i[b a].sort.first
h = {name: "Tom", age: 3}
p h.keys.map(&:to_s), h.map { |k, v| "#{k}=#{v}" }, h.transform_keys(&:to_s), h.sort_by { |k, _| k }.first
p Symbol.all_symbols.size > 100, :a.to_proc.call({a: 1}) rescue p $!.class
