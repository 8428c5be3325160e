# Marshal's errors: CRuby's classes and messages.
def try
  yield
rescue => e
  p [e.class, e.message.sub(/0x\h+/, "0xXX")]
end

class NoLoad
  def _dump(level) = "x"
end
class BadDump
  def _dump(level) = 1
end
class NoMarshalLoad
  def marshal_dump = 1
end

try { Marshal.dump(proc {}) }
try { Marshal.dump(method(:puts)) }
try { Marshal.dump($stdout) }
try { Marshal.dump(Class.new) }
try { Marshal.dump(Module.new) }
try { Marshal.dump(Hash.new { |h, k| k }) }
try { Marshal.dump(Mutex.new) }
try { Marshal.dump(/x/.match("x")) }
try { Marshal.dump(Object.new.tap { |o| def o.hi = 1 }) }
try { Marshal.dump(Object.new.extend(Module.new)) }
try { Marshal.dump(BadDump.new) }
try { Marshal.dump([[[1]]], 3) }
try { Marshal.dump(1, Object.new) }
try { Marshal.load("") }
try { Marshal.load("\x04") }
try { Marshal.load("\x04\x09") }
try { Marshal.load("\x03\x08") }
try { Marshal.load("\x04\x08o:\x08Foo\x00") }
try { Marshal.load("\x04\x08c\x0cKernel") }
try { Marshal.load("\x04\x08[\x07i") }
try { Marshal.load("\x04\x08X") }
try { Marshal.load("\x04\x08@\x06") }
try { Marshal.load(3) }
try { Marshal.load(Marshal.dump(NoLoad.new)) }
try { Marshal.load("\x04\bU:\x12NoMarshalLoadi\x06") }
try { Marshal.load("\x04\bS:\x0bString\x00") }
