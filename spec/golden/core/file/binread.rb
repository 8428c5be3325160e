# File.binread / IO.binread: the bytes as ASCII-8BIT, with length and offset.
path = "/tmp/spinel_binread_#{Process.pid}.dat"
File.write(path, "ab\xFFc".b)
s = File.binread(path)
p s, s.encoding
p File.binread(path, 2)
p File.binread(path, 2, 1)
p File.binread(path, 0)
p IO.binread(path, 10, 2)
begin
  File.binread(path, -1)
rescue ArgumentError => e
  p e.message
end
File.delete(path)
begin
  File.binread(path)
rescue Errno::ENOENT => e
  p e.class
end
