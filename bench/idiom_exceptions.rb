# bench: idiomatic — validation with exceptions: custom error classes,
# raise with a message, rescue by class, ensure, retry-free Integer() parse.
SCALE = 1

class ValidationError < StandardError; end
class RangeError2 < ValidationError
  def initialize(v) = super("out of range: #{v}")
end

def parse_age(s)
  v = Integer(s)
  raise RangeError2.new(v) unless (0..150).cover?(v)
  v
rescue ArgumentError
  raise ValidationError, "not a number: #{s}"
end

inputs = %w[12 40 abc 200 7 -3 99 x1 150 0]
reps = 300_000 * SCALE
ok = 0
bad = Hash.new(0)
cleanup = 0
msg = nil
reps.times do |i|
  s = inputs[i % inputs.size]
  begin
    ok += parse_age(s)
  rescue RangeError2 => e
    bad[:range] += 1
    msg = e.message
  rescue ValidationError => e
    bad[:invalid] += 1
  ensure
    cleanup += 1
  end
end
puts ok
puts bad.sort.map { |k, v| "#{k}=#{v}" }.join(" ")
puts msg
puts cleanup
puts "ops: #{reps}"
