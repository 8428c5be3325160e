# SystemCallError.new picks the Errno class of its number, Errno::EXXX.new
# takes a message and a location, and the Errno table has every Linux error
# with CRuby's aliases.
# golden: ruby31  (error numbers and strerror texts are the platform's: the
# WebAssembly 3.4 oracle has WASI's)

def show(e)
  puts "#{e.class} | #{e.message} | #{e.errno.inspect}"
end

def try
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show SystemCallError.new(Errno::EINVAL::Errno)
show SystemCallError.new(-1)
show SystemCallError.new(2**24)
show SystemCallError.new(nil)
show SystemCallError.new("m")
show SystemCallError.new("m", 2.9)
show SystemCallError.new("m", 2, :loc)
show SystemCallError.new("m", Complex(2.9, 0))
show SystemCallError.new(nil, Errno::EINVAL::Errno)
show SystemCallError.new("m", nil, "x")
show SystemCallError.new(0)
show Errno::EINVAL.new
show Errno::EINVAL.new(nil, "loc")
show Errno::EINVAL.new("x", "loc")
show Errno::EPIPE.new("broken")
try { SystemCallError.new }
try { SystemCallError.new(:foo, 1) }
try { SystemCallError.new("foo", "bar") }
try { SystemCallError.new("foo", Complex(2.9, 1)) }
try { Errno::EINVAL.new("a", "b", "c") }
try { Errno::EINVAL.new(3) }

class MySysErr < SystemCallError; end
try { MySysErr.new(22) }

puts Errno::EINVAL === SystemCallError.new("foo", Errno::EINVAL::Errno)
puts Errno::EINVAL === SystemCallError.new("foo", Errno::EINVAL::Errno + 1)
puts Errno::EINVAL === Object.new
puts SystemCallError === SystemCallError.new("foo", 23)
o = Object.new
def o.errno = 32
puts Errno::EPIPE === o
puts Errno::EINVAL === o

puts Errno::EAGAIN.equal?(Errno::EWOULDBLOCK)
puts Errno::ENOTSUP.equal?(Errno::EOPNOTSUPP)
puts Errno::EDEADLK.equal?(Errno::EDEADLOCK)
puts Errno::EWOULDBLOCK.name
puts Errno::EAUTH.name
puts Errno.constants.size
%i[E2BIG ECONNABORTED EHOSTUNREACH ENOSYS EXDEV ELOOP ENAMETOOLONG ETXTBSY EHWPOISON].each do |c|
  k = Errno.const_get(c)
  puts "#{k.name} #{k::Errno} #{k.new.message} #{k.superclass}"
end
puts SystemCallError.new("x", 42).dup.errno
begin
  raise Errno::ENOENT, "custom"
rescue SystemCallError => e
  show e
end
