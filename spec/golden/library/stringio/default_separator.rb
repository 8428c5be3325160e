# StringIO#gets/readlines/each_line take their default separator from $/
require 'stringio'
io = StringIO.new("a b c\nd e")
p io.gets
$VERBOSE = nil
$/ = " "
io = StringIO.new("a b c\nd e")
p io.gets, io.readlines
p StringIO.new("x y").each_line.to_a
$/ = nil
p StringIO.new("x\ny").gets
$/ = "\n"
p StringIO.new("x\ny").gets
