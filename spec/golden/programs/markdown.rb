# A small Markdown-to-HTML converter: headings, paragraphs, emphasis, code, lists, links, blockquotes
class Markdown
  def initialize(src)
    @lines = src.lines.map(&:chomp)
  end

  def to_html
    out = []
    i = 0
    while i < @lines.size
      line = @lines[i]
      case line
      when /\A\s*\z/
        i += 1
      when /\A(\#{1,6})\s+(.*)\z/
        level = $1.size
        out << "<h#{level}>#{inline($2)}</h#{level}>"
        i += 1
      when /\A```(\w*)\z/
        lang = $1
        code = []
        i += 1
        while i < @lines.size && @lines[i] != "```"
          code << escape(@lines[i])
          i += 1
        end
        i += 1
        cls = lang.empty? ? "" : %( class="lang-#{lang}")
        out << "<pre><code#{cls}>#{code.join("\n")}</code></pre>"
      when /\A>\s?/
        quote = []
        while i < @lines.size && @lines[i].start_with?(">")
          quote << @lines[i].sub(/\A>\s?/, "")
          i += 1
        end
        out << "<blockquote>#{Markdown.new(quote.join("\n")).to_html}</blockquote>"
      when /\A\s*[-*]\s+/, /\A\s*\d+\.\s+/
        ordered = line =~ /\A\s*\d+\./
        items = []
        while i < @lines.size && @lines[i] =~ (ordered ? /\A\s*\d+\.\s+(.*)\z/ : /\A\s*[-*]\s+(.*)\z/)
          items << "<li>#{inline($1)}</li>"
          i += 1
        end
        tag = ordered ? "ol" : "ul"
        out << "<#{tag}>#{items.join}</#{tag}>"
      when /\A(-{3,}|\*{3,})\z/
        out << "<hr>"
        i += 1
      else
        para = []
        while i < @lines.size && !@lines[i].strip.empty? && @lines[i] !~ /\A(\#{1,6}\s|```|>|\s*[-*]\s|\s*\d+\.\s)/
          para << @lines[i].strip
          i += 1
        end
        out << "<p>#{inline(para.join(' '))}</p>"
      end
    end
    out.join("\n")
  end

  private

  def escape(s) = s.gsub("&", "&amp;").gsub("<", "&lt;").gsub(">", "&gt;")

  def inline(s)
    codes = []
    s = s.gsub(/`([^`]+)`/) { codes << "<code>#{escape($1)}</code>"; "\u0000#{codes.size - 1}\u0000" }
    s = escape(s)
    s = s.gsub(/!\[([^\]]*)\]\(([^)]+)\)/) { %(<img src="#{$2}" alt="#{$1}">) }
    s = s.gsub(/\[([^\]]+)\]\(([^)]+)\)/) { %(<a href="#{$2}">#{$1}</a>) }
    s = s.gsub(/\*\*(.+?)\*\*/, '<strong>\1</strong>')
    s = s.gsub(/(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\*)/, '<em>\1</em>')
    s = s.gsub(/~~(.+?)~~/, '<del>\1</del>')
    s.gsub(/\u0000(\d+)\u0000/) { codes[$1.to_i] }
  end
end

doc = <<~MD
  # Spinel *notes*

  Spinel compiles **Ruby** to C. It is `fast` & small,
  and it keeps <semantics> intact.

  ## Features
  - AOT compilation with `cc`
  - green threads, **no GVL**
  * links like [the docs](https://example.com/docs)

  1. write `prog.rb`
  2. run `spinel prog.rb -o prog`
  3. ~~pray~~ run ./prog

  > Quote with *emphasis*
  > and a second line
  >
  > - list inside quote

  ```ruby
  puts "<hi>" if x && y
  ```

  ---
  Final paragraph with an ![image](img.png) and 2 * 3 * 4 math.
  ###### tiny heading
  ####### not a heading
MD
html = Markdown.new(doc).to_html
puts html
puts
p html.lines.size, html.scan(/<(\w+)/).flatten.tally.sort.to_h
p Markdown.new("").to_html, Markdown.new("just text").to_html, Markdown.new("*a* **b** `*c*`").to_html
