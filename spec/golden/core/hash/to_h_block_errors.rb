# Hash#to_h with a block: the pair must be an Array (to_ary, never to_a) of
# two elements, with CRuby's errors.
h = {a: 1, b: 2}
p h.to_h { |k, v| [v, k] }
o = Object.new
def o.to_a = [1, 2]
a = Object.new
def a.to_ary = [:x, :y]
[proc { |k, v| [k] }, proc { |k, v| [k, v, 1] }, proc { "x" }, proc { 1 }, proc { o }, proc { nil }, proc { a }].each do |b|
  begin
    p h.to_h(&b)
  rescue => e
    p [e.class, e.message]
  end
end
