# golden: ruby31
# IO.read/readlines/foreach/write/binread of "|cmd" run the command (CRuby
# before 4.0; a deprecation warning only under Warning[:deprecated]), while
# File's never do; IO.copy_stream into a File opened for reading raises
# IOError and leaves the file alone (it is not reopened by its path).
require "tmpdir"

p IO.read("|echo hi")
p IO.binread("|echo hi").encoding == Encoding::BINARY
p IO.readlines("|printf 'a\\nb\\n'")
IO.foreach("|printf 'x\\ny\\n'") { |l| p l }
$stdout.flush
p IO.write("|cat", "written\n")

path = File.join(Dir.tmpdir, "spinel_pipe_copy_#{$$}.txt")
src = File.join(Dir.tmpdir, "spinel_pipe_copy_src_#{$$}.txt")
File.write(path, "keep me")
File.write(src, "new bytes")
begin
  f = File.open(path, "r")
  begin
    IO.copy_stream(src, f)
  rescue IOError => e
    p e.class, e.message
  end
  f.close
  p File.read(path)
  File.open(path, "w") { |w| p IO.copy_stream(src, w) }
  p File.read(path)
ensure
  File.delete(path, src)
end
