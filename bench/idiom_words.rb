# bench: idiomatic — text processing script: downcase, scan of words with a
# Regexp, tally, each_char vowel counting, tr/squeeze, capitalize, sort.
SCALE = 1

SYL = %w[the quick brown fox jumps over lazy dog and then Runs Away Again]

def make_text(n)
  seed = 1
  out = []
  n.times do |i|
    seed = (seed * 1103515245 + 12345) % 2147483648
    w = SYL[seed % SYL.size]
    out << (i % 17 == 0 ? w.capitalize + "." : w)
  end
  out.join(" ")
end

text = make_text(120_000 * SCALE)
words = text.downcase.scan(/[a-z]+/)
freq = words.tally
vowels = 0
text.each_char { |c| vowels += 1 if "aeiou".include?(c) }
squeezed = text.tr("a-y", "b-z").squeeze
titles = words.first(2000).map(&:capitalize).uniq.sort
puts words.size
puts freq.sort_by { |w, c| [-c, w] }.first(4).map { |w, c| "#{w}:#{c}" }.join(" ")
puts vowels
puts squeezed.size
puts titles.join(" ")
puts "ops: #{words.size}"
