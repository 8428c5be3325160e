# bench: idiomatic — k-nucleotide: a generated DNA String, frequencies of
# every k-mer counted in Hash.new(0) with String slices as keys, sort_by on
# [-count, key], format of percentages, counts of fixed sequences.
SCALE = 1

def make_dna(n)
  seed = 42
  acgt = %w[a c g t]
  s = +""
  n.times do
    seed = (seed * 3877 + 29573) % 139968
    s << acgt[(seed * 4) / 139968]
  end
  s
end

def frequency(seq, length)
  counts = Hash.new(0)
  last = seq.size - length
  0.upto(last) { |i| counts[seq[i, length]] += 1 }
  [seq.size - length + 1, counts]
end

def sort_by_freq(seq, length)
  n, table = frequency(seq, length)
  table.sort_by { |k, v| [-v, k] }.map do |k, v|
    "#{k.upcase} #{format('%.3f', v * 100.0 / n)}"
  end
end

def find_seq(seq, s)
  _, table = frequency(seq, s.size)
  "#{table[s]}\t#{s.upcase}"
end

dna = make_dna(100_000 * SCALE)
[1, 2].each { |i| puts sort_by_freq(dna, i); puts }
%w[ggt ggta ggtatt ggtattttaatt ggtattttaatttatagt].each { |s| puts find_seq(dna, s) }
puts "ops: #{dna.size * 7}"
