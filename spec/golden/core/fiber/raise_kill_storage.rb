# Fiber#raise (raised where the fiber is suspended; unborn and dead
# fibers refuse), Fiber#kill (ensure runs, rescue does not; unborn and
# current fibers), fiber storage (Fiber[] / Fiber[]=, inherited copies,
# storage:, String keys made Symbols, CRuby's checks) and blocking.
f = Fiber.new do
  Fiber.yield 1
rescue => e
  p [:in_fiber, e.class, e.message]
  raise
end
f.resume
begin
  f.raise(ArgumentError, "boom")
rescue => e
  p [:out, e.class, e.message]
end
p f.alive?
p((Fiber.new { true }.raise rescue $!))
done = Fiber.new { true }
done.resume
p((done.raise rescue $!.class))
p((Fiber.current.raise "self" rescue $!))

g = Fiber.new do
  Fiber.yield
rescue Exception
  p :rescued
ensure
  p :ensure
end
g.resume
p g.kill.equal?(g), g.alive?
p Fiber.new { :x }.kill.alive?
k = Fiber.new { Fiber.current.kill; :no }
p k.resume, k.alive?

h = Fiber.new(storage: { life: 42 }) do
  inner = Fiber.new { Fiber[:life] = 1; Fiber[:life] }.resume
  [Fiber[:life], inner, Fiber[:life], Fiber.current.storage]
end
p h.resume
p Fiber.new { Fiber["k"] = 2; Fiber[:k] }.resume
p Fiber.new(storage: nil) { Fiber[:x] = 10; Fiber.current.storage }.resume
p Fiber.new(storage: { a: 1 }) { Fiber[:a] = nil; Fiber.current.storage }.resume
[-> { Fiber[12] }, -> { Fiber.new(storage: 42) {} },
 -> { Fiber.new(storage: { 1 => 2 }) {} }, -> { Fiber.new(storage: {}.freeze) {} },
 -> { Fiber.new(storage: {}) { }.storage }].each do |l|
  l.call
rescue => e
  p [e.class, e.message]
end
p Fiber.new(blocking: true) { Fiber.blocking? }.resume, Fiber.new { Fiber.current.blocking? }.resume
p Fiber.new { Fiber.blocking { |fb| fb.blocking? } }.resume

# a fiber killed by the fiber it resumed: both unwind
parent = Fiber.new do
  child = Fiber.new do
    parent.kill
    p parent.alive?
  end
  child.resume
  p :not_reached
ensure
  p :parent_ensure
end
parent.resume
p parent.alive?

# resuming a fiber that resumes another: double resume; the root fiber
# (which has no resumer): a resuming fiber
outer = Fiber.new { inner = Fiber.new { outer.resume }; inner.resume }
p((outer.resume rescue $!))
root = Fiber.current
p((Fiber.new { root.resume }.resume rescue $!))
