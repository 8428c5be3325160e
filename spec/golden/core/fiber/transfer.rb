# golden: ruby31
# Fiber#transfer: to a new fiber and back, a finished transferred fiber
# returning into the resume chain (CRuby return_fiber), transfers between
# a thread's root fiber and a child, and the FiberErrors of mixing
# transfer with resume/yield; resume/yield and Enumerator#next unchanged.
fiber1 = Fiber.new { :fiber1 }
fiber2 = Fiber.new { fiber1.transfer; :fiber2 }
p fiber2.resume
f1 = Fiber.new { :fiber_1 }
f2 = Fiber.new { f1.transfer; :fiber_2 }
p f2.transfer, f2.transfer
states = []
fiber = Fiber.new { states << :start; fiber.transfer; states << :end }
fiber.transfer
p states
states = []
fiber1 = Fiber.new { states << :fiber1 }
fiber2 = Fiber.new { states << :fiber2_start; Fiber.yield fiber1.transfer; states << :fiber2_end }
p fiber2.resume
p((fiber2.transfer rescue $!))
fiber = Fiber.new { fiber.resume }
p((fiber.transfer rescue $!))
th = Thread.new do
  io_fiber = Fiber.new { |calling| calling.transfer }
  io_fiber.transfer(Fiber.current)
  v = Object.new
  io_fiber.transfer(v).equal?(v)
end
p th.value
states = []
thread = Thread.new do
  f1 = Fiber.new do |f0|
    states << 0
    value2 = f0.transfer(1)
    states << value2
    3
  end
  value1 = f1.transfer(Fiber.current)
  states << value1
  value3 = f1.transfer(2)
  states << value3
end
thread.join
p states
e = [1,2,3].each
p e.next, e.next
g = Fiber.new { |x| y = Fiber.yield(x * 2); y + 1 }
p g.resume(5), g.resume(10), g.alive?
t = Fiber.new { Fiber.yield 1 }
p((Fiber.new { t.transfer }.resume rescue $!))
