# Hash iteration hands a |k, v| block the key and value without building
# the [k, v] pair; every other block shape must see exactly what CRuby gives.
h = { a: 1, b: [2, 3], c: nil }
h.each { |k, v| p [k, v] }
h.each { |pair| p pair }
h.each { |k, v, x| p [k, v, x] }
h.each { |k, *r| p [k, r] }
h.each { |k, (x, y)| p [k, x, y] }
h.each { |k, v = 9| p [k, v] }
h.each_pair { |k, v| p [k, v] }
h.each(&->(pr) { p pr })
begin
  h.each(&->(k, v) { p [k, v] })
rescue ArgumentError => e
  puts "ArgumentError #{e.message}"
end
p(h.each { |k, v| break k if v.nil? })
p h.select { |k, v| v }.to_a
p h.reject { |k, v| v }.to_a
p h.map { |k, v| "#{k}=#{v.inspect}" }
p h.map { |pr| pr.size }
p h.any? { |k, v| v.nil? }
p h.filter_map { |k, v| k if v }
p h.to_h { |k, v| [v.to_s, k] }.to_a
p({ x: 1, y: 2 }.sum { |k, v| v * 10 })
def first_key(h)
  h.each { |k, v| return k if v == 2 }
  :none
end
p first_key({ q: 1, r: 2 })
n = 0
h.each { |k, v| next if v.nil?; n += 1 }
p n
