# Thread#[] (fiber-local) and thread_variable_get/set are per thread
Thread.current[:name] = "main"
Thread.current.thread_variable_set(:tv, "main-tv")
ts = 3.times.map do |i|
  Thread.new(i) do |n|
    before = [Thread.current[:name].inspect, Thread.current.thread_variable_get(:tv).inspect]
    Thread.current[:name] = "t#{n}"
    Thread.current.thread_variable_set(:tv, "tv#{n}")
    [n, before, Thread.current[:name], Thread.current.thread_variable_get(:tv), Thread.current.key?(:name)]
  end
end
ts.map(&:value).each { |v| p v }
p Thread.current[:name], Thread.current.thread_variable_get(:tv)
p Thread.current.key?(:nope), Thread.current[:nope], Thread.current.thread_variable?(:tv)
t = Thread.new { Thread.current[:x] = 1; Thread.current.thread_variable_set(:y, 2); Thread.stop; :woke }
Thread.pass until t.status == "sleep" || t.stop?
p t[:x], t.thread_variable_get(:y), t.keys
t.run
p t.value
f = Fiber.new do
  Thread.current[:fl] = "in fiber"
  Thread.current.thread_variable_set(:tl, "set in fiber")
  Fiber.yield Thread.current[:fl]
  Thread.current[:fl]
end
p f.resume, Thread.current[:fl], Thread.current.thread_variable_get(:tl), f.resume
