# Corpus (Ruby 3.4 syntax): `it` block parameter, anonymous argument forwarding
words = %w[apple banana cherry]
puts words.map { it.upcase }.inspect
puts words.select { it.length > 5 }.inspect
puts [1, 2, 3].sum { it * it }
def log_all(*, **, &) = show(*, **, &)
def show(*args, **kw, &blk) = puts("#{args.inspect} #{kw.inspect} #{blk&.call}")
log_all(1, 2, a: 3) { "blk" }
h = {x: 1, y: 2}
x = 10
y = 20
puts({x:, y:}.inspect)
puts h.map { |k, v| "#{k}:#{v}" }.join(",")
