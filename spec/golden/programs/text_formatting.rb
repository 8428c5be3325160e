# Text formatting: word wrap, full justification, centered banners, columns, tables with alignment
LOREM = "Spinel compiles Ruby programs ahead of time into a single C file and links them with a small " \
        "runtime. Threads run in parallel on several workers without a global lock, so data-parallel " \
        "code scales with the cores of the machine while keeping the familiar Ruby API."

def wrap(text, width)
  lines = []
  line = +""
  text.split.each do |word|
    if line.empty?
      line = word.dup
    elsif line.size + 1 + word.size <= width
      line << " " << word
    else
      lines << line
      line = word.dup
    end
  end
  lines << line unless line.empty?
  lines
end

def justify(line, width)
  words = line.split
  return line if words.size == 1
  gaps = words.size - 1
  spaces = width - words.sum(&:size)
  base, extra = spaces.divmod(gaps)
  words.each_with_index.map { |w, i| i < gaps ? w + " " * (base + (i < extra ? 1 : 0)) : w }.join
end

def banner(text, width, char = "*")
  inner = " #{text} "
  [char * width, inner.center(width, char), char * width]
end

def columns(items, ncols, width)
  rows = items.each_slice((items.size + ncols - 1) / ncols).to_a
  height = rows.first.size
  (0...height).map { |r| rows.map { |col| (col[r] || "").ljust(width) }.join.rstrip }
end

def table(rows, aligns)
  widths = rows.transpose.map { |col| col.map { |c| c.to_s.size }.max }
  sep = "+" + widths.map { |w| "-" * (w + 2) }.join("+") + "+"
  out = [sep]
  rows.each_with_index do |row, ri|
    cells = row.each_with_index.map do |c, i|
      s = c.to_s
      case aligns[i]
      when :right then s.rjust(widths[i])
      when :center then s.center(widths[i])
      else s.ljust(widths[i])
      end
    end
    out << "| " + cells.join(" | ") + " |"
    out << sep if ri.zero?
  end
  out << sep
end

[30, 45].each do |w|
  puts "--- wrap #{w} ---"
  wrap(LOREM, w).each { |l| puts "|#{l.ljust(w)}|" }
  puts "--- justified #{w} ---"
  lines = wrap(LOREM, w)
  lines.each_with_index { |l, i| puts "|#{(i == lines.size - 1 ? l.ljust(w) : justify(l, w))}|" }
end
puts banner("REPORT", 30)
puts banner("odd", 11, "=")
puts columns(%w[alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo], 3, 10)
data = [["Language", "Year", "Typing", "Score"], ["Ruby", 1995, "dynamic", 9.5], ["C", 1972, "static", 8.25],
        ["Crystal", 2014, "static", 7.0], ["Elixir", 2012, "dynamic", 8.75]]
puts table(data, [:left, :right, :center, :right])
puts table([["k", "v"], ["only", 1]], [:left, :left])
long = "supercalifragilisticexpialidocious is long"
p wrap(long, 10), wrap("", 10), wrap("a b c", 1)
p justify("a b c", 9), justify("single", 10)
indented = wrap(LOREM, 40).map.with_index { |l, i| (i.zero? ? "  * " : "    ") + l }
puts indented
para = <<~TXT.lines.map(&:strip).reject(&:empty?)
  First line of a heredoc

  second paragraph line
TXT
p para
p "%-10s|%+8.3f|%08.2f|%x" % ["name", 3.14159, -2.5, 255]
p "Total".ljust(20, ".") + "42".rjust(6, ".")
