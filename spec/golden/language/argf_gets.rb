# Kernel#gets reads ARGF: stdin when ARGV is empty, else the files named in
# ARGV one after another; $. counts lines across them.
line = gets
p line, $., ARGF.filename
p $<.equal?(ARGF), ARGF.to_s
rest = readlines
p rest, $.
p gets

dir = File.join(__dir__, "..", "stdlib", "lib")
ARGV.replace([File.join(dir, "argf_a.txt"), File.join(dir, "argf_b.txt")])
ARGF.lineno = 0
while (l = gets)
  puts "#{$.} #{File.basename(ARGF.filename)} #{l}"
end
p ARGV, ARGF.lineno
