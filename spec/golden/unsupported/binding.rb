# golden: compile-error
# Kernel#binding needs the local variables as run-time data; Spinel compiles
# locals to C variables and refuses the program.
x = 42
b = binding
p b.local_variable_get(:x)
