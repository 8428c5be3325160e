# golden: ruby31
# (the 3.4 WebAssembly oracle has no real file system: its modes are 0)
# Dir.mktmpdir / Dir.tmpdir compiled from the installed tmpdir.rb.
require 'tmpdir'
p Dir.tmpdir.empty?
path = nil
r = Dir.mktmpdir("spinel") do |d|
  path = d
  p File.directory?(d), File.basename(d).start_with?("spinel"), File.stat(d).mode & 0777
  File.write(File.join(d, "x"), "1")
  Dir.mkdir(File.join(d, "sub"))
  p Dir.children(d).sort
  :done
end
p r, File.exist?(path)
d = Dir.mktmpdir(["pre", "suf"])
p File.basename(d).start_with?("pre"), d.end_with?("suf")
Dir.rmdir(d)
Dir.mktmpdir(nil, Dir.pwd) { |x| p File.dirname(x) == Dir.pwd }
