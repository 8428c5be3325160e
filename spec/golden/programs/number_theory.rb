# Number theory with big integers: sieve, factorization, modular arithmetic, RSA toy, Pascal, perfect numbers
def sieve(n)
  is = Array.new(n + 1, true)
  is[0] = is[1] = false
  (2..Integer.sqrt(n)).each { |i| (i * i).step(n, i) { |j| is[j] = false } if is[i] }
  is.each_index.select { |i| is[i] }
end

def factorize(n)
  f = Hash.new(0)
  d = 2
  while d * d <= n
    while (n % d).zero?
      f[d] += 1
      n /= d
    end
    d += d == 2 ? 1 : 2
  end
  f[n] += 1 if n > 1
  f
end

def mod_pow(b, e, m)
  r = 1
  b %= m
  while e > 0
    r = r * b % m if e.odd?
    b = b * b % m
    e >>= 1
  end
  r
end

def ext_gcd(a, b)
  return [a, 1, 0] if b.zero?
  g, x, y = ext_gcd(b, a % b)
  [g, y, x - (a / b) * y]
end

def mod_inv(a, m)
  g, x, _ = ext_gcd(a, m)
  raise ArgumentError, "#{a} has no inverse mod #{m}" unless g == 1
  x % m
end

def miller_rabin(n)
  return false if n < 2
  small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
  return true if small.include?(n)
  return false if small.any? { |p| (n % p).zero? }
  d = n - 1
  s = 0
  while d.even?
    d >>= 1
    s += 1
  end
  small.all? do |a|
    x = mod_pow(a, d, n)
    next true if x == 1 || x == n - 1
    (s - 1).times.any? { x = x * x % n; x == n - 1 }
  end
end

primes = sieve(200)
p primes.size, primes.last(5), primes.each_cons(2).count { |a, b| b - a == 2 }
[360, 97, 1001, 2**10 * 3**5, 600851475143, 9_999_999_967].each do |n|
  f = factorize(n)
  puts "#{n} = " + f.map { |pr, e| e > 1 ? "#{pr}^#{e}" : pr.to_s }.join(" * ")
end
p mod_pow(2, 10, 1000), mod_pow(3, 200, 1_000_000_007), 3.pow(200, 1_000_000_007)
p ext_gcd(240, 46), mod_inv(3, 11), mod_inv(17, 3120)
begin
  mod_inv(6, 9)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p [2**61 - 1, 2**89 - 1, 2**67 - 1, 1_000_000_007, 561, 1105].map { |n| miller_rabin(n) }

p_, q_ = 1_000_000_007, 998_244_353
n = p_ * q_
phi = (p_ - 1) * (q_ - 1)
e = 65_537
d = mod_inv(e, phi)
msg = "Spinel!".bytes.inject(0) { |acc, b| acc * 256 + b }
c = mod_pow(msg, e, n)
back = mod_pow(c, d, n)
text = []
while back > 0
  text.unshift((back % 256).chr)
  back /= 256
end
p n, d, c, text.join

pascal = [[1]]
15.times { pascal << [1] + pascal.last.each_cons(2).map { |a, b| a + b } + [1] }
puts pascal.first(6).map { |r| r.join(" ").center(30) }
p pascal.last, pascal.last.sum == 2**15, pascal[10][5]
perfect = (2..10_000).select { |k| (1..Integer.sqrt(k)).select { |dd| (k % dd).zero? }.sum { |dd| dd == k / dd || dd == 1 ? dd : dd + k / dd } == k }
p perfect
p (1..100).reduce(:lcm), (1..50).inject(:*).digits.sum, 2**1000 % 1_000_007, (2**1000).to_s.size
collatz_max = (1...10_000).max_by { |s| c2 = 0; x = s; while x != 1; x = x.even? ? x / 2 : 3 * x + 1; c2 += 1; end; c2 }
p collatz_max
p (1..20).map { |k| k.to_s(2).count("1") }.sum, 255.digits(2).sum, 100.digits.reverse
fibs = [0, 1]
fibs << fibs[-1] + fibs[-2] while fibs.size < 300
p fibs[299].to_s.size, fibs[299] % 1_000_000, fibs.each_cons(2).all? { |a, b| a.gcd(b) <= 1 || a.zero? }
