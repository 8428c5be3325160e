def req(a, b) = [a, b]
def opt(a, b = 2, c = a + b) = [a, b, c]
def rest(a, *r) = [a, r]
def post(a, *m, z) = [a, m, z]
def opt_post(a, b = :b, *c, d, e) = [a, b, c, d, e]
def kw(a, k: 1, j: k * 2) = [a, k, j]
def kwreq(x:, y: 10) = x + y
def kwrest(a, **opts) = [a, opts]
def blk(&b) = b
def all(a, b = 1, *c, d, e:, f: 2, **g, &h)
  [a, b, c, d, e, f, g, h ? h.call : nil]
end

p req(1, 2)
p opt(1)
p opt(1, 5)
p opt(1, 5, 9)
p rest(1)
p rest(1, 2, 3)
p post(1, 2)
p post(1, 2, 3, 4)
p opt_post(1, 2, 3)
p opt_post(1, 2, 3, 4)
p opt_post(1, 2, 3, 4, 5, 6)
p kw(0)
p kw(0, k: 5)
p kw(0, j: 1)
p kwreq(x: 1)
p kwreq(y: 1, x: 2)
p kwrest(1)
p kwrest(1, a: 2, b: 3)
p blk.nil?
p blk { 42 }.call
p all(1, 9, e: 5)
p all(1, 2, 3, 4, 5, e: 6, z: 7) { :blk }
args = [1, 2, 3]
p rest(*args)
p req(*[4, 5])
h = { k: 7, j: 8 }
p kw(1, **h)
p kwrest(0, **h, extra: true)
def ret_multi = return 1, 2, 3
p ret_multi
a, b, c = ret_multi
p [c, b, a]
def implicit(x)
  if x > 0
    "pos"
  elsif x < 0
    "neg"
  else
    "zero"
  end
end
p [implicit(1), implicit(-1), implicit(0)]
