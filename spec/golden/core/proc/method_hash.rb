# Method#hash / UnboundMethod#hash agree with == (aliases, a subclass's lookup);
# UnboundMethod#eql?.
class A; def foo = 1; alias bar foo; end
class B < A; end
o = A.new
p o.method(:foo).hash == o.method(:bar).hash, o.method(:foo) == o.method(:bar), o.method(:foo).eql?(o.method(:bar))
p [42].method(:to_s).hash == [42].method(:inspect).hash
p A.instance_method(:foo).hash == A.instance_method(:bar).hash, A.instance_method(:foo).eql?(A.instance_method(:bar))
p B.instance_method(:foo).hash == A.instance_method(:foo).hash, Array.instance_method(:to_s).hash == Array.instance_method(:inspect).hash
p o.method(:foo).hash == A.new.method(:foo).hash, o.method(:foo).hash == o.method(:to_s).hash
p({ o.method(:foo) => 1 }[o.method(:bar)])
p UnboundMethod.instance_method(:eql?) == UnboundMethod.instance_method(:==)
