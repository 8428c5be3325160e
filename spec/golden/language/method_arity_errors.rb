def two(a, b); end
def opt(a, b = 1); end
def rest(a, *r); end
def kw(a:, b: 2); end
def nokw(a); end
def none; end

def try
  yield
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end

try { two(1) }
try { two(1, 2, 3) }
try { opt }
try { opt(1, 2, 3) }
try { rest }
try { kw }
try { kw(b: 1) }
try { kw(a: 1, c: 3) }
try { kw(a: 1, c: 3, d: 4) }
try { none(1) }
try { nokw(1, 2) }
def kw2(x:, y:); end
try { kw2 }
try { [1, 2].first(1, 2) }
l = ->(a, b) { a + b }
try { l.call(1) }
try { l.(1, 2, 3) }
pr = proc { |a, b| [a, b] }
p pr.call(1)
p pr.call(1, 2, 3)
p pr.call([4, 5])
puts "done"
