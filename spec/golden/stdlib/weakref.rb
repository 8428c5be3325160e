# weakref (compiled from the installed Ruby's weakref.rb over
# ObjectSpace::WeakMap): a WeakRef delegates to its object while it lives.
require 'weakref'

s = "hello"
r = WeakRef.new(s)
p r.weakref_alive?
p r.upcase, r.size, r + "!"
p r.__getobj__.equal?(s)
p r.class, r.is_a?(WeakRef), WeakRef.superclass
p r == "hello", r.inspect
n = WeakRef.new(nil)
p !!n.weakref_alive?, n.__getobj__
t = WeakRef.new(true)
p t.__getobj__
i = WeakRef.new(42)
p i + 1, i.weakref_alive?
p WeakRef::RefError.superclass
refs = Array.new(100) { |j| [x = "obj#{j}", WeakRef.new(x)] }
GC.start
p refs.all? { |obj, ref| ref.weakref_alive? && ref.__getobj__.equal?(obj) }
p WeakRef.new([1, 2, 3]).map { _1 * 2 }
