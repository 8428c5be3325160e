# GC.disable / GC.enable return the previous state of a plain on/off
# switch: disabling twice and enabling once enables (bdwgc nests them).
GC.enable
p GC.disable, GC.disable, GC.disable, GC.enable, GC.disable, GC.disable, GC.enable, GC.enable
