# bench: single-thread — hash-heavy word count (String keys, Hash#[]=, sort_by).
SCALE = 1
syll = %w[ka lo mi ne ru sa to vi ze po]
seed = 12345
text = +""
n = 200_000 * SCALE
i = 0
while i < n
  seed = (seed * 1103515245 + 12345) % 2147483648
  w = syll[seed % 10] + syll[(seed >> 8) % 10]
  w << syll[(seed >> 16) % 10] if seed % 3 == 0
  text << w << " "
  i += 1
end
counts = Hash.new(0)
text.split(" ").each { |word| counts[word] += 1 }
top = counts.sort_by { |w, c| [-c, w] }.first(5)
puts "distinct = #{counts.size}"
top.each { |w, c| puts "#{w} #{c}" }
