# bench: idiomatic — fannkuch-redux: permutations of (0...n), prefix reversal
# with Array slice assignment and reverse, checksum with alternating sign.
SCALE = 1

def fannkuch(n)
  perm1 = (0...n).to_a
  count = Array.new(n, 0)
  max_flips = 0
  checksum = 0
  sign = 1
  r = n
  nperm = 0
  loop do
    while r != 1
      count[r - 1] = r
      r -= 1
    end
    perm = perm1.dup
    flips = 0
    k = perm[0]
    while k != 0
      perm[0..k] = perm[0..k].reverse
      flips += 1
      k = perm[0]
    end
    max_flips = flips if flips > max_flips
    checksum += sign * flips
    sign = -sign
    nperm += 1
    # next permutation: rotate the first r+1 elements left
    loop do
      return [checksum, max_flips, nperm] if r == n
      perm0 = perm1[0]
      perm1[0, r] = perm1[1, r]
      perm1[r] = perm0
      count[r] -= 1
      break if count[r] > 0
      r += 1
    end
  end
end

n = 9
total = 0
SCALE.times do
  checksum, flips, nperm = fannkuch(n)
  puts checksum
  puts "Pfannkuchen(#{n}) = #{flips}"
  total += nperm
end
puts "ops: #{total}"
