# golden: ruby31 (signals)
# Signal.trap: handlers that are Methods or any object with #call (called
# when the signal comes, so it may become callable later), Symbol and
# String keywords, what trap reports as the previous handler, the argument
# errors, Signal.list's names and order, and the EXIT trap before at_exit.
hup = Signal.list["HUP"]
p Signal.list.keys
p Signal.signame(6), Signal.signame(29), Signal.signame(17)

done = false
klass = Class.new { define_method(:on_hup) { |sig| puts "method #{sig == hup}"; done = true } }
Signal.trap(:HUP, klass.new.method(:on_hup))
Process.kill(:HUP, Process.pid)
Thread.pass until done

done = false
late = Object.new
Signal.trap(:HUP, late)
late.define_singleton_method(:call) { |sig| puts "late callable #{sig}"; done = true }
Process.kill(:HUP, Process.pid)
Thread.pass until done

Signal.trap(:HUP, Object.new)
begin
  Process.kill(:HUP, Process.pid)
  loop { Thread.pass }
rescue NoMethodError => e
  puts "not callable: #{e.class}"
end

done = false
Signal.trap(:HUP) { th = Thread.new {}; th.join; puts "group #{th.group == Thread.main.group}"; done = true }
Process.kill(:HUP, Process.pid)
Thread.pass until done

p Signal.trap(:HUP, :IGNORE).class
p Signal.trap(:HUP, :SIG_DFL), Signal.trap(:HUP, :SIG_IGN), Signal.trap(:HUP, "SYSTEM_DEFAULT")
p Signal.trap(:HUP, nil), Signal.trap(:HUP, ""), Signal.trap(:HUP, "DEFAULT")
%w[PROF CHLD PIPE SYS USR1 WINCH].each { |s| p [s, Signal.trap(s, "DEFAULT"), Signal.trap(s, "DEFAULT")] }
[nil, -1, "-HUP", :"-HUP", 1.5, Object.new, 200].each do |s|
  Signal.trap(s, "DEFAULT")
rescue ArgumentError => e
  puts "#{e.class}: #{e.message.sub(/0x\h+/, "0x")}"
end

at_exit { puts "at_exit 1" }
Signal.trap(:EXIT, proc { |sig| puts "EXIT trap #{sig}" })
at_exit { puts "at_exit 3" }
p Signal.trap(:EXIT, proc { |sig| puts "EXIT trap again #{sig}" }).class
