# An opened IO keeps the default encodings of the moment it was opened
# (a later Encoding.default_internal= does not change it), its encodings
# can be read after close, binmode has no internal encoding, and
# IO#reopen refuses an object whose to_io is not an IO (never opening it
# as a path).
require "tmpdir"

path = File.join(Dir.tmpdir, "spinel_enc_capture_#{$$}.txt")
File.write(path, "abc\n")
begin
  Encoding.default_internal = "IBM866"
  f = File.open(path)
  p f.external_encoding, f.internal_encoding
  Encoding.default_internal = nil
  p f.internal_encoding
  f.close
  p f.internal_encoding, f.external_encoding
  g = File.open(path, "rb")
  p g.external_encoding, g.internal_encoding
  g.close
  o = Object.new
  def o.to_io = "something else"
  h = File.open(path)
  begin
    h.reopen(o)
  rescue TypeError => e
    p e.message
  end
  h.close
  begin
    h.reopen(STDOUT)
  rescue IOError => e
    p e.message
  end
  p File.exist?("something else")
ensure
  Encoding.default_internal = nil
  File.delete(path)
end
