# While one thread waits for a slow child (system, backticks), the other
# threads keep running: the wait is a blocking region, so even with one
# worker (SPINEL_WORKERS=1) the scheduler moves them to a spare worker.
done = false
ticks = 0
ticker = Thread.new do
  until done
    ticks += 1
    sleep 0.02
  end
end

t = Thread.new { system("sleep 1") }
puts "system returned #{t.value}"
puts "exit status #{$?.nil? ? 'unset in main' : $?.exitstatus}"
done = true
ticker.join
puts ticks >= 10 ? "ticker kept running during system" : "ticker starved (#{ticks} ticks)"

# CPU work in the main thread while a child sleeps in another thread
out = Thread.new { [`sleep 0.5; echo slow child`, $?.success?] }
sum = 0
i = 0
while out.alive?
  sum += i
  i += 1
end
text, ok = out.value
puts "backticks: #{text.chomp} (success #{ok})"
puts i > 1000 ? "main thread computed meanwhile" : "main thread starved (#{i})"

# several children at once, one per thread
results = (1..4).map { |n| Thread.new { [n, `sh -c 'sleep 0.2; echo #{n * n}'`.to_i, $?.exitstatus] } }.map(&:value)
results.each { |n, sq, st| puts "child #{n}: #{sq} status #{st}" }
