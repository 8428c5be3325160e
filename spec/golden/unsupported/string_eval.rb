# golden: compile-error
# eval of a string known only at run time needs a Ruby compiler at run time.
code = ARGV.first || "1 + 2"
p eval(code)
