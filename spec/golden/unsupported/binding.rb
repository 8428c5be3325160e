# golden: compile-error
# Kernel#binding needs the local variables as run-time data; Spinel compiles
# locals to C variables: a warning (--strict: this error), NotImplementedError at run time.
x = 42
b = binding
p b.local_variable_get(:x)
