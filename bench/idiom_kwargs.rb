# bench: idiomatic — keyword arguments: required and optional keywords,
# defaults that depend on other keywords, **opts forwarding, calls in a loop.
SCALE = 1

class Rect
  attr_reader :w, :h

  def initialize(w:, h:, scale: 1)
    @w = w * scale
    @h = h * scale
  end

  def area(border: 0)
    (w + 2 * border) * (h + 2 * border)
  end
end

def price(amount, rate: 0.2, discount: 0, round: true)
  v = amount * (1 + rate) - discount
  round ? v.round : v
end

def label(name, prefix: "item", width: 8)
  "#{prefix}:#{name}".ljust(width)
end

def forward(x, **opts)
  price(x, **opts)
end

n = 300_000 * SCALE
total = 0
len = 0
n.times do |i|
  r = Rect.new(w: i % 10, h: i % 7, scale: 2)
  total += r.area(border: 1)
  total += price(i % 100, rate: 0.5)
  total += price(i % 50, discount: 3, round: true)
  total += forward(i % 30, rate: 0.1)
  len += label(i % 9, width: 10).size if i % 10 == 0
end
puts total
puts len
puts "ops: #{n}"
