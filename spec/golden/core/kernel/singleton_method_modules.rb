# Kernel#singleton_method finds methods of modules the singleton class
# includes, prepends or the object extends; Kernel#Rational(exception: false)
# swallows an exception of #to_r.
module M; def foo = :m; end
o = Object.new; o.extend(M)
p o.singleton_method(:foo).call
o2 = Object.new; o2.singleton_class.include(M); p o2.singleton_method(:foo).call
o3 = Object.new; o3.singleton_class.prepend(M); p o3.singleton_method(:foo).call
o4 = Object.new; def o4.bar = 1; p o4.singleton_method(:bar).call
begin; Object.new.singleton_method(:to_s); rescue NameError => e; puts e.message.sub(/0x\h+/, "X"); end
class R; def to_r = raise("boom"); end
p Rational(R.new, exception: false), Rational(1, R.new, exception: false), Rational(R.new, 2, exception: false)
begin; Rational(R.new); rescue => e; p e.message; end
begin; String.singleton_method(:zz); rescue NameError => e; puts e.message; end
