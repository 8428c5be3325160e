# Digest as scripts use it: checksums of strings and files.
require 'digest'
require 'digest/md5'
require 'digest/sha1'
require 'digest/sha2'

data = "The quick brown fox jumps over the lazy dog"
p Digest::MD5.hexdigest(data)
p Digest::SHA1.hexdigest(data)
p Digest::SHA256.hexdigest(data)
p Digest::SHA384.hexdigest(data)
p Digest::SHA512.hexdigest(data)
p Digest::MD5.hexdigest("")
p Digest::SHA256.digest("abc").bytesize, Digest::SHA256.digest("abc").encoding
p Digest::MD5.base64digest(data)
p Digest::SHA256.base64digest("é")

d = Digest::SHA256.new
d << "The quick brown fox "
d.update("jumps over the lazy dog")
p d.hexdigest
p d.hexdigest == Digest::SHA256.hexdigest(data)
p d == Digest::SHA256.hexdigest(data), d == "nope"
p d.to_s == d.hexdigest
p d.length, d.size, d.digest_length, d.block_length
e = d.dup
d << "!"
p e.hexdigest == Digest::SHA256.hexdigest(data), d.hexdigest == Digest::SHA256.hexdigest(data + "!")
p d.hexdigest!
p d.hexdigest
d.reset
p d.hexdigest == Digest::SHA256.hexdigest("")
p Digest::MD5.new.digest("abc") == Digest::MD5.digest("abc")
p Digest::MD5.new.hexdigest("abc")
p Digest::SHA1.new.inspect
p Digest::SHA2.new(512).hexdigest("abc") == Digest::SHA512.hexdigest("abc")

path = "/tmp/spinel_digest_#{Process.pid}.txt"
File.write(path, data * 1000)
p Digest::MD5.file(path).hexdigest
p Digest::SHA256.file(path).hexdigest == Digest::SHA256.hexdigest(data * 1000)
p Digest::SHA1.new.file(path).hexdigest
File.delete(path)
begin
  Digest::MD5.file("/nonexistent/file")
rescue SystemCallError => e
  p e.class, e.message
end
p Digest::MD5.ancestors.take(4)
p Digest.hexencode("\x01\xff")
