# golden: compile-error
# eval of a string known only at run time needs a Ruby compiler at run time.
code = "1 + 2"
p eval(code)
