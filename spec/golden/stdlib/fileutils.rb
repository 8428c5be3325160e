# FileUtils compiled from the installed fileutils.rb (its Verbose/NoWrite
# modules are generated with module_eval("def #{name}..."), compiled as
# define_method).
require 'fileutils'
d = File.join(ENV.fetch("TMPDIR", "/tmp"), "spinel_fileutils_golden_#{Process.pid}")
FileUtils.rm_rf(d)
FileUtils.mkdir_p(File.join(d, "a/b/c"))
FileUtils.touch(File.join(d, "a/b/c/x.txt"))
File.write(File.join(d, "a/f.txt"), "hi")
FileUtils.cp(File.join(d, "a/f.txt"), File.join(d, "a/g.txt"))
FileUtils.mv(File.join(d, "a/g.txt"), File.join(d, "a/h.txt"))
FileUtils.cp_r(File.join(d, "a/b"), File.join(d, "copy"))
p Dir.glob("**/*", base: d).sort
FileUtils.rm(File.join(d, "a/f.txt"))
FileUtils.rm_rf(File.join(d, "a/b"))
p Dir.children(File.join(d, "a")).sort
p File.read(File.join(d, "a/h.txt"))
FileUtils.cd(d) { p Dir.pwd == d }
FileUtils::NoWrite.rm_rf(File.join(d, "copy"))
p File.directory?(File.join(d, "copy"))
FileUtils.rm_rf(d)
p File.exist?(d)
p FileUtils.compare_file(__FILE__, __FILE__)
