# Word frequency analysis over a heredoc text: normalisation, stop words, n-grams, concordance
TEXT = <<~EOS
  It was the best of times, it was the worst of times, it was the age of wisdom,
  it was the age of foolishness, it was the epoch of belief, it was the epoch of
  incredulity, it was the season of Light, it was the season of Darkness, it was
  the spring of hope, it was the winter of despair, we had everything before us,
  we had nothing before us, we were all going direct to Heaven, we were all going
  direct the other way -- in short, the period was so far like the present period,
  that some of its noisiest authorities insisted on its being received, for good
  or for evil, in the superlative degree of comparison only.
EOS

STOP = %w[it was the of we in to on for or so that its all us had].freeze

words = TEXT.downcase.scan(/[a-z']+/)
puts "total words: #{words.size}, distinct: #{words.uniq.size}"
freq = words.tally
top = freq.sort_by { |w, c| [-c, w] }.first(10)
puts "top 10 (all words):"
top.each_with_index { |(w, c), i| puts format("%2d. %-8s %2d %s", i + 1, w, c, "*" * c) }

content = words.reject { |w| STOP.include?(w) }
cfreq = content.tally.select { |_, c| c > 1 }.sort_by { |w, c| [-c, w] }
puts "repeated content words: #{cfreq.map { |w, c| "#{w}(#{c})" }.join(' ')}"

bigrams = words.each_cons(2).map { |a, b| "#{a} #{b}" }.tally.select { |_, c| c > 2 }
p bigrams.sort_by { |g, c| [-c, g] }.to_h
trigrams = words.each_cons(3).map { |t| t.join(" ") }.tally.max_by(3) { |g, c| [c, g] }
p trigrams

by_len = words.uniq.group_by(&:length).sort.map { |len, ws| [len, ws.size] }
p by_len
longest = words.uniq.max_by(3) { |w| [w.length, w] }
p longest
p words.map(&:length).sum.fdiv(words.size).round(3)

lines = TEXT.lines.map(&:chomp)
index = Hash.new { |h, k| h[k] = [] }
lines.each_with_index do |line, ln|
  line.downcase.scan(/[a-z']+/).uniq.each { |w| index[w] << ln + 1 }
end
%w[times age season we period nonexistent].each do |w|
  puts "#{w.ljust(12)} lines #{index.fetch(w, []).inspect}"
end
kwic = []
words.each_with_index do |w, i|
  next unless w == "epoch" || w == "season"
  left = words[[i - 3, 0].max...i].join(" ")
  right = words[i + 1, 3].join(" ")
  kwic << format("%20s [%s] %s", left, w, right)
end
puts kwic
letters = TEXT.downcase.delete("^a-z").chars.tally.sort_by { |ch, c| [-c, ch] }.first(5)
p letters
sentences = TEXT.gsub("\n", " ").split(/(?<=[.!?])\s+/)
p sentences.size, sentences.first.split.size
capitalized = TEXT.scan(/\b[A-Z][a-z]+\b/).uniq
p capitalized
vowel_ratio = words.join.count("aeiou").fdiv(words.join.size).round(4)
p vowel_ratio
p freq.values.sum == words.size, freq.select { |_, c| c == 1 }.size
histogram = freq.values.tally.sort
histogram.each { |times, n| puts format("%2d word(s) appear %2d time(s)", n, times) }
