# Kernel#test: File predicates and times by command letter, the two-file
# comparisons, argument errors, and test being a module function.
# golden: ruby31  (?O asks the real uid: the WebAssembly oracle has none)
f = "/tmp/spinel_golden_kernel_test.txt"
File.write(f, "abc")
d = File.dirname(f)
p test(?f, f), test(?e, f), test(?d, d), test(?d, f), test(?s, f), test(?z, f), test("r", f), test(?R, f)
p test(?w, f), test(?W, f), test(?x, f), test(?O, f), test(?o, f), test(?e, f + ".none"), test(?s, f + ".none")
p test(?M, f) == File.mtime(f), test(?A, f).class, test(?C, f) == File.ctime(f)
p test(?=, f, f), test(?<, f, f), test(?>, f, f), test(?-, f, f)
p test("fz", f), test(102, f)
[[?q, f], ["", f], [?f], [?f, f, f], [?=, f], [1, f], [?', f]].each do |a|
  begin
    test(*a)
  rescue => e
    puts "#{e.class}: #{e.message}"
  end
end
p Kernel.private_instance_methods(false).include?(:test), Kernel.public_methods(false).include?(:test)
File.delete(f)
