# IO.sysopen, IO.new / for_fd / open over a descriptor, the open mode's
# binmode and encodings, set_encoding, pread/pwrite, ungetc/ungetbyte,
# readchar, each_codepoint, IO.try_convert, IO.binwrite.
require "tmpdir"

path = File.join(Dir.tmpdir, "spinel_sysopen_new_#{$$}.txt")
File.write(path, "héllo\nworld\n")
begin
  fd = IO.sysopen(path)
  p fd.is_a?(Integer)
  io = IO.new(fd)
  p io.class, io.fileno == fd, io.external_encoding, io.internal_encoding, io.binmode?
  p io.gets
  io.ungetc("XY")
  p io.readchar, io.readchar, io.readchar
  io.ungetbyte(0x41)
  p io.getc
  p io.pread(3, 0), io.pread(3, 0).encoding
  begin
    io.pread(3, 100)
  rescue EOFError => e
    p e.class
  end
  p io.each_codepoint.to_a
  io.close
  p io.closed?

  IO.open(IO.sysopen(path, "r"), "r:iso-8859-1:utf-8") do |x|
    p x.external_encoding, x.internal_encoding
  end
  x = IO.for_fd(IO.sysopen(path), mode: "rb")
  p x.binmode?, x.external_encoding, x.read.encoding
  x.set_encoding("iso-8859-1")
  p x.external_encoding
  x.set_encoding(nil)
  x.close

  File.open(path, "rb") { |f| p f.binmode?, f.external_encoding, f.read(2).encoding }
  File.open(path, "r:iso-8859-1") { |f| p f.gets.encoding }
  File.open(path, "w") { |f| p f.external_encoding }
  w = File.open(path, "r+")
  p w.pwrite("ab", 3), w.pos
  w.close
  p File.read(path)

  p IO.try_convert(STDOUT).equal?(STDOUT), IO.try_convert("x")
  p IO.binwrite(path, "abc"), File.read(path)
  p IO.binwrite(path, "Z", 1), File.read(path)

  [[9999], ["/nonexistent/x"]].each do |a|
    begin
      a[0].is_a?(Integer) ? IO.new(a[0]) : IO.sysopen(a[0])
    rescue SystemCallError => e
      p e.class
    end
  end
  begin
    IO.sysopen(path, "q")
  rescue ArgumentError => e
    p e.message
  end
  begin
    IO.new(IO.sysopen(path), "r", mode: "r")
  rescue ArgumentError => e
    p e.message
  end
  p Encoding::IBM437, Encoding::ISO_8859_2.name, "abc".force_encoding("IBM866").valid_encoding?
ensure
  File.delete(path) if File.exist?(path)
end
