# bench: threads — Thread.pass: 2 threads each yield 1,500,000 times.
# bench-workers: 1 2
# ops = Thread.pass calls
SCALE = 1
per = 1_500_000 * SCALE
ths = 2.times.map do
  Thread.new do
    i = 0
    while i < per
      Thread.pass
      i += 1
    end
    i
  end
end
puts "passes = #{ths.sum(&:value)}"
puts "ops: #{2 * per}"
