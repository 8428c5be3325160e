# bench: idiomatic — fasta: a linear congruential generator, cumulative
# probability tables as Arrays of [char, prob] pairs, bsearch-free select,
# output lines built with << and sliced at 60 columns.
SCALE = 1

IM = 139968
IA = 3877
IC = 29573

ALU = "GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGGGAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGACCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAATACAAAAATTAGCCGGG"
IUB = [["a", 0.27], ["c", 0.12], ["g", 0.12], ["t", 0.27], ["B", 0.02], ["D", 0.02],
       ["H", 0.02], ["K", 0.02], ["M", 0.02], ["N", 0.02], ["R", 0.02], ["S", 0.02],
       ["V", 0.02], ["W", 0.02], ["Y", 0.02]]
HOMO = [["a", 0.3029549426680], ["c", 0.1979883004921], ["g", 0.1975473066391], ["t", 0.3015094502008]]

class Rng
  def initialize = @last = 42

  def next(max)
    @last = (@last * IA + IC) % IM
    max * @last / IM.to_f
  end
end

def cumulative(table)
  p = 0.0
  table.map { |c, prob| [c, p += prob] }
end

def repeat_fasta(src, n, out)
  s = src * ((n / src.size) + 2)
  i = 0
  while i < n
    len = [60, n - i].min
    out << s[i % src.size, len] << "\n"
    i += len
  end
end

def random_fasta(table, n, rng, out)
  cum = cumulative(table)
  line = +""
  n.times do
    r = rng.next(1.0)
    c, = cum.find { |_, p| r < p }
    line << (c || cum.last[0])
    if line.size == 60
      out << line << "\n"
      line.clear
    end
  end
  out << line << "\n" unless line.empty?
end

n = 100_000 * SCALE
out = +""
rng = Rng.new
out << ">ONE Homo sapiens alu\n"
repeat_fasta(ALU, n * 2, out)
out << ">TWO IUB ambiguity codes\n"
random_fasta(IUB, n * 3, rng, out)
out << ">THREE Homo sapiens frequency\n"
random_fasta(HOMO, n * 5, rng, out)
puts out.bytesize
puts out.lines.last(2).join
puts out.count("a")
puts "ops: #{n * 10}"
