# Huffman compression: frequency table, tree building with deterministic tie-breaks, encode/decode, bit packing
class Huffman
  Leaf = Struct.new(:char, :weight, :order)
  Node = Struct.new(:left, :right, :weight, :order)

  attr_reader :codes, :tree

  def initialize(text)
    raise ArgumentError, "empty input" if text.empty?
    freq = text.each_char.tally
    order = 0
    queue = freq.sort_by { |c, w| [w, c] }.map { |c, w| Leaf.new(c, w, order += 1) }
    while queue.size > 1
      queue.sort_by! { |n| [n.weight, n.order] }
      a = queue.shift
      b = queue.shift
      queue << Node.new(a, b, a.weight + b.weight, order += 1)
    end
    @tree = queue.first
    @codes = {}
    assign(@tree, "")
  end

  def encode(text) = text.each_char.map { |c| @codes.fetch(c) { raise KeyError, "no code for #{c.inspect}" } }.join

  def decode(bits)
    out = +""
    node = @tree
    if node.is_a?(Leaf)
      return node.char * bits.size
    end
    bits.each_char do |b|
      node = b == "0" ? node.left : node.right
      if node.is_a?(Leaf)
        out << node.char
        node = @tree
      end
    end
    out
  end

  def self.pack(bits)
    padded = bits + "0" * ((8 - bits.size % 8) % 8)
    [padded].pack("B*")
  end

  def self.unpack(bytes, nbits) = bytes.unpack1("B*")[0, nbits]

  private

  def assign(node, prefix)
    if node.is_a?(Leaf)
      @codes[node.char] = prefix.empty? ? "0" : prefix
    else
      assign(node.left, prefix + "0")
      assign(node.right, prefix + "1")
    end
  end
end

samples = [
  "abracadabra",
  "mississippi river",
  "aaaaaaaaaa",
  "the quick brown fox jumps over the lazy dog",
  "ünïcödé ünïcödé",
]
samples.each do |text|
  h = Huffman.new(text)
  bits = h.encode(text)
  packed = Huffman.pack(bits)
  back = h.decode(Huffman.unpack(packed, bits.size))
  puts "text: #{text.inspect}"
  puts "  codes: " + h.codes.sort_by { |c, code| [code.size, code] }.map { |c, code| "#{c.inspect}=#{code}" }.join(" ")
  puts "  bits: #{bits.size} vs #{text.bytesize * 8} raw (#{(100.0 * bits.size / (text.bytesize * 8)).round(1)}%), packed #{packed.bytesize} bytes"
  puts "  hex: #{packed.unpack1('H*')[0, 32]}"
  puts "  round trip: #{back == text}"
end
h = Huffman.new("abc")
begin
  h.encode("abd")
rescue KeyError => e
  puts "KeyError: #{e.message}"
end
begin
  Huffman.new("")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
text = "it was the best of times it was the worst of times"
h = Huffman.new(text)
weighted = h.codes.sum { |c, code| text.count(c) * code.size }
p weighted == h.encode(text).size
lengths = h.codes.values.map(&:size)
kraft = lengths.sum { |l| 1.0 / 2**l }
p kraft, kraft == 1.0
prefix_free = h.codes.values.combination(2).none? { |a, b| a.start_with?(b) || b.start_with?(a) }
p prefix_free
p h.codes.min_by { |_, code| [code.size, code] }, h.codes.max_by { |_, code| [code.size, code] }
# average code length vs entropy for the sample sentence
probs = text.each_char.tally.transform_values { |n| n.to_f / text.size }
entropy = -probs.values.sum { |pr| pr * Math.log2(pr) }
avg_len = h.codes.sum { |c, code| probs[c] * code.size }
puts format("entropy %.4f bits/char, huffman %.4f bits/char, within 1 bit: %s", entropy, avg_len, avg_len < entropy + 1)
p h.codes.values.map(&:size).tally.sort.to_h
