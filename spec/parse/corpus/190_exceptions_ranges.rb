# Corpus: exceptions, ranges
class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end

r = (1..10)
puts r.step(3).to_a.inspect, (1...10).size, ('a'..'e').to_a.join
puts (1..).first(3).inspect
arr = (0..9).to_a
puts arr[2..4].inspect, arr[..2].inspect, arr[7..].inspect, arr[-3..-1].sum
puts r.include?(5), (1.0..2.0).cover?(1.5)
