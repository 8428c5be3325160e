# A word-frequency / text statistics tool over an embedded corpus.
TEXT = <<~EOS
  It was the best of times, it was the worst of times, it was the age of
  wisdom, it was the age of foolishness, it was the epoch of belief, it was
  the epoch of incredulity, it was the season of Light, it was the season of
  Darkness, it was the spring of hope, it was the winter of despair.
EOS

STOP = %w[it was the of].freeze

class Stats
  attr_reader :words
  def initialize(text)
    @words = text.downcase.scan(/[a-z']+/)
  end
  def frequencies(skip_stop: true)
    list = skip_stop ? words.reject { |w| STOP.include?(w) } : words
    list.tally.sort_by { |w, c| [-c, w] }
  end
  def longest(n = 3) = words.uniq.max_by(n) { |w| [w.size, w] }
  def by_letter = words.group_by { _1[0] }.transform_values(&:size).sort.to_h
  def bigrams = words.each_cons(2).map { |a, b| "#{a} #{b}" }.tally.select { |_, c| c > 2 }
  def average = (words.sum(&:size).to_f / words.size).round(3)
end

s = Stats.new(TEXT)
puts "words: #{s.words.size}, unique: #{s.words.uniq.size}, avg length: #{s.average}"
puts "top words:"
s.frequencies.first(5).each_with_index do |(w, c), i|
  puts format("%2d. %-12s %2d %s", i + 1, w, c, "*" * c)
end
p s.longest
p s.by_letter
p s.bigrams
p s.frequencies(skip_stop: false).first(3)
lines = TEXT.lines.map(&:strip)
lines.each.with_index(1) { |l, i| puts "#{i}: #{l.split.size} words, #{l.count('aeiou')} vowels" }
acronym = TEXT.split(/[,.]\s*/).map { |ph| ph.strip.split.map { _1[0] }.join.upcase }.reject(&:empty?)
p acronym.first(4)
