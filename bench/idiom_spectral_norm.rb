# bench: idiomatic — spectral norm: Array.new with a block, map.with_index,
# inject over a Range, Integer#times, Float division.
SCALE = 1

def eval_a(i, j)
  1.0 / ((i + j) * (i + j + 1) / 2 + i + 1)
end

def eval_a_times_u(u)
  n = u.size
  Array.new(n) do |i|
    (0...n).inject(0.0) { |sum, j| sum + eval_a(i, j) * u[j] }
  end
end

def eval_at_times_u(u)
  n = u.size
  u.map.with_index do |_, i|
    s = 0.0
    u.each_with_index { |uj, j| s += eval_a(j, i) * uj }
    s
  end
end

def eval_ata_times_u(u)
  eval_at_times_u(eval_a_times_u(u))
end

n = 320
result = 0.0
SCALE.times do
  u = Array.new(n, 1.0)
  v = nil
  10.times do
    v = eval_ata_times_u(u)
    u = eval_ata_times_u(v)
  end
  vbv = 0.0
  vv = 0.0
  n.times do |i|
    vbv += u[i] * v[i]
    vv += v[i] * v[i]
  end
  result = Math.sqrt(vbv / vv)
end
puts "%0.9f" % result
puts "ops: #{SCALE * 20 * 2 * n * n}"
