# SecureRandom compiled from the installed securerandom.rb and
# random/formatter.rb (random values: only their shape is printed)
require 'securerandom'
h = SecureRandom.hex(16)
p h.size, h.match?(/\A\h{32}\z/)
p SecureRandom.hex.size
b = SecureRandom.random_bytes(10)
p b.bytesize, b.encoding
u = SecureRandom.uuid
p u.match?(/\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/)
p SecureRandom.base64(12).size, SecureRandom.urlsafe_base64(12).match?(/\A[\w-]+\z/)
n = SecureRandom.random_number(100)
p n.is_a?(Integer), (0...100).cover?(n)
f = SecureRandom.random_number
p f.is_a?(Float), f >= 0 && f < 1
p SecureRandom.alphanumeric(20).match?(/\A[A-Za-z0-9]{20}\z/)
p Array.new(50) { SecureRandom.random_number(1..6) }.all? { (1..6).cover?(_1) }
p SecureRandom.hex(8) != SecureRandom.hex(8)
p Random.urandom(4).bytesize
