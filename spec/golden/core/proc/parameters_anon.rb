# Proc/Method#parameters: anonymous *, ** and & named by their sigil, destructured
# parameters without a name, and a required keyword in an unparenthesized lambda.
p proc { |*| }.parameters
p proc { |**| }.parameters
p proc { |&| }.parameters
p lambda { |*| }.parameters
p proc { |(a, b)| }.parameters
p lambda { |(a, b), c| }.parameters
def m1(*); end
def m2(**); end
def m3(&); end
def m4((a,b), *, **, &); end
def m5(...); end
p method(:m1).parameters, method(:m2).parameters, method(:m3).parameters, method(:m4).parameters, method(:m5).parameters
p proc { |a, | }.parameters
p proc { |**nil| }.parameters
p lambda { |x:| }.parameters
l = -> x: { x }
p l.parameters, l.(x: 3)
p (-> a, b: 2 { [a, b] }).(1)
p (-> *a, k: do [a, k] end).(1, 2, k: 3)
