# instance_eval of a literal string with a file and a line that is not a
# literal integer (a negative number, a local): compiles (the compiler
# crashed on them)
p Object.new.instance_eval("1 + 1", "a_file", -100)
line = 10
p "abc".instance_eval("size", "b_file", line)
p String.class_eval("name", "c_file", line + 1)
