# golden: ruby31
# ObjectSpace.define_finalizer/undefine_finalizer: argument errors, the
# return value, and the finalizers still defined at exit running after
# at_exit (objects in reverse order of their first finalizer, each
# object's procs in order).  Ruby 3.1 oracle: the 3.4 WebAssembly build
# aborts on the exception raised in a finalizer.
def t; yield; rescue => e; p e; end
t { ObjectSpace.define_finalizer(1, proc {}) }
t { ObjectSpace.define_finalizer(:a, proc {}) }
t { ObjectSpace.define_finalizer(Object.new, 5) }
t { ObjectSpace.define_finalizer("x".freeze, proc {}) }
o = Object.new
r = ObjectSpace.define_finalizer(o, proc { |id| puts "fin1 #{id == o.object_id}" })
p r.size, r[0], r[1].class
ObjectSpace.define_finalizer(o) { puts "blk" }
a = Object.new
ObjectSpace.define_finalizer(a, proc { puts "a gone" })
p ObjectSpace.undefine_finalizer(a).equal?(a)
b = "s"
ObjectSpace.define_finalizer(b, proc { puts "b fin" })
ObjectSpace.define_finalizer(b, proc { puts "b fin2" })
callable = Object.new
def callable.call(id) = puts("callable #{id.class}")
ObjectSpace.define_finalizer([1], callable)
at_exit { puts "at_exit" }
puts "end"
