# GC.stat: a given Hash is filled and returned, a Symbol looks up one
# counter (ArgumentError for an unknown one), anything else is a TypeError;
# major_gc_count grows with GC.start, every value is an Integer.
h = { count: "x", other: "y" }
r = GC.stat(h)
p r.equal?(h), h[:count].is_a?(Integer), h[:other]
c = GC.stat(:major_gc_count); GC.start; p GC.stat(:major_gc_count) > c
p GC.stat(:heap_free_slots).is_a?(Integer), GC.stat.values.all?(Integer)
[-> { GC.stat(7) }, -> { GC.stat(:foo) }].each { |l| l.call rescue p [$!.class, $!.message] }
o = Object.new.extend(GC)
p o.garbage_collect, GC.public_instance_methods.include?(:garbage_collect)
