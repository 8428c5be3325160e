def opts(a, b = {}, **kw) = [a, b, kw]
p opts(1)
p opts(1, {x: 1})
p opts(1, x: 1)
p opts(1, {x: 1}, y: 2)
def only_kw(**kw) = kw
p only_kw, only_kw(a: 1), only_kw(**{b: 2})
h = {c: 3}
p only_kw(**h, d: 4)
def pos_hash(h) = h
p pos_hash(a: 1), pos_hash({a: 1})
def kw_default(x: [], y: x.size) = [x, y]
p kw_default, kw_default(x: [1, 2])
def block_kw = yield(a: 1, b: 2)
p block_kw { |a:, b:| a + b }
p block_kw { |h| h }
p block_kw { |**kw| kw }
def str_keys(**kw) = kw
p str_keys("a": 1)
def fwd(*, **, &) = target(*, **, &)
def target(*a, **k, &b) = [a, k, b&.call]
p fwd(1, 2, z: 3) { :blk }
def fwd_all(...) = target(...)
p fwd_all(9, q: 1)
x = 5
p only_kw(x:)
def anon_rest(*) = target(*)
p anon_rest(1, 2)
