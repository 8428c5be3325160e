# multi-stage pipeline with several workers per stage; results collected and sorted
def stage(input, workers, &fn)
  output = Queue.new
  ths = workers.times.map do
    Thread.new do
      while (item = input.pop) != :eof
        r = fn.call(item)
        output << r unless r.nil?
      end
      input << :eof
    end
  end
  Thread.new { ths.each(&:join); output << :eof }
  output
end
src = Queue.new
(1..100).each { |i| src << i }
src << :eof
evens = stage(src, 3) { |x| x if x.even? }
squares = stage(evens, 2) { |x| x * x }
strs = stage(squares, 4) { |x| "v#{x}" }
out = []
while (v = strs.pop) != :eof
  out << v
end
p out.size, out.map { |s| s[1..].to_i }.sum, out.sort_by { |s| s[1..].to_i }.first(3)
