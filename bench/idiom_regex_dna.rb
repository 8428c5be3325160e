# bench: idiomatic — regex-dna: variant patterns counted with String#scan,
# IUB codes substituted with gsub and a Hash, line stripping with gsub.
SCALE = 1

def make_fasta(n)
  seed = 7
  acgt = "acgt"
  out = +">ONE Homo sapiens alu\n"
  line = +""
  n.times do |i|
    seed = (seed * 3877 + 29573) % 139968
    line << acgt[(seed * 4) / 139968]
    if line.size == 60
      out << line << "\n"
      line = +""
    end
  end
  out << line << "\n" unless line.empty?
  out
end

seq = make_fasta(200_000 * SCALE)
ilen = seq.size
seq = seq.gsub(/>.*\n|\n/, "")
clen = seq.length

variants = [
  /agggtaaa|tttaccct/i,
  /[cgt]gggtaaa|tttaccc[acg]/i,
  /a[act]ggtaaa|tttacc[agt]t/i,
  /ag[act]gtaaa|tttac[agt]ct/i,
  /agg[act]taaa|ttta[agt]cct/i,
  /aggg[acg]aaa|ttt[cgt]ccct/i,
  /agggt[cgt]aa|tt[acg]accct/i,
  /agggta[cgt]a|t[acg]taccct/i,
  /agggtaa[cgt]|[acg]ttaccct/i
]
variants.each { |re| puts "#{re.source} #{seq.scan(re).size}" }

iub = {
  "B" => "(c|g|t)", "D" => "(a|g|t)", "H" => "(a|c|t)", "K" => "(g|t)",
  "M" => "(a|c)", "N" => "(a|c|g|t)", "R" => "(a|g)", "S" => "(c|g)",
  "V" => "(a|c|g)", "W" => "(a|t)", "Y" => "(c|t)"
}
seq = seq.tr("acgt", "ACGT")
seq = seq.gsub(/T[ACG]A/) { |m| m == "TAA" ? "B" : m[1] == "C" ? "K" : "R" }
seq = seq.gsub(/[BDHKMNRSVWY]/) { |c| iub[c] }
puts
puts ilen
puts clen
puts seq.length
puts "ops: #{clen}"
