# GzipWriter's header readers (mtime, orig_name, comment), 'header is already
# written' after the first write, 'closed gzip stream' after close.
require 'zlib'
require 'stringio'
io = StringIO.new
Zlib::GzipWriter.wrap(io) do |gz|
  p gz.mtime, gz.orig_name, gz.comment
  gz.mtime = 1
  gz.orig_name = "name"
  gz.comment = "note"
  p gz.mtime, gz.orig_name, gz.comment
  gz.mtime = Time.at(7)
  p gz.mtime
  gz.write ""
  [-> { gz.mtime = 2 }, -> { gz.orig_name = "x" }, -> { gz.comment = "y" }].each do |l|
    begin; l.call; rescue Zlib::GzipFile::Error => e; p e.message; end
  end
  gz.puts "data"
end
p io.string[4, 4].unpack("V")
r = Zlib::GzipReader.new(StringIO.new(io.string))
p r.orig_name, r.comment, r.mtime.to_i, r.read
io2 = StringIO.new("".b)
Zlib::GzipWriter.wrap(io2) do |gz|
  gz.close
  p gz.closed?
  [-> { gz.orig_name }, -> { gz.comment }, -> { gz.mtime }].each do |l|
    begin; l.call; rescue Zlib::GzipFile::Error => e; p e.message; end
  end
end
p io2.string[10..-1].bytes
