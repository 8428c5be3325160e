# A tiny template engine: variables, filters, conditionals, loops, partials, escaping, and error reporting
class Template
  class TemplateError < StandardError; end

  FILTERS = {
    "upcase" => ->(v) { v.to_s.upcase },
    "downcase" => ->(v) { v.to_s.downcase },
    "capitalize" => ->(v) { v.to_s.capitalize },
    "size" => ->(v) { v.respond_to?(:size) ? v.size : v.to_s.size },
    "money" => ->(v) { format("$%.2f", v) },
    "join" => ->(v) { Array(v).join(", ") },
    "reverse" => ->(v) { v.is_a?(Array) ? v.reverse : v.to_s.reverse },
    "raw" => ->(v) { v },
  }.freeze

  def initialize(src, partials = {})
    @src = src
    @partials = partials
  end

  def render(ctx)
    tokens = @src.split(/(\{\{.*?\}\}|\{%.*?%\})/m)
    out, rest = render_tokens(tokens, [ctx])
    raise TemplateError, "unexpected {% #{rest} %}" if rest
    out
  end

  private

  def lookup(path, scopes)
    keys = path.split(".")
    scope = scopes.reverse.find { |s| s.is_a?(Hash) && s.key?(keys.first) }
    return nil unless scope
    keys.inject(scope) do |obj, k|
      case obj
      when Hash then obj[k]
      when Array then k == "size" ? obj.size : obj[k.to_i]
      else obj.respond_to?(k) ? obj.public_send(k) : nil
      end
    end
  end

  def expr(src, scopes)
    name, *filters = src.split("|").map(&:strip)
    val = name.match?(/\A".*"\z/) ? name[1..-2] : lookup(name, scopes)
    raw = false
    filters.each do |f|
      fn = FILTERS[f] or raise TemplateError, "unknown filter '#{f}'"
      raw = true if f == "raw"
      val = fn.call(val)
    end
    raw ? val.to_s : escape(val.to_s)
  end

  def escape(s) = s.gsub(/[&<>"]/, "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;")

  def truthy?(v) = !(v.nil? || v == false || (v.respond_to?(:empty?) && v.empty?))

  # returns [output, stop_tag] where stop_tag is the tag that ended this block
  def render_tokens(tokens, scopes)
    out = +""
    until tokens.empty?
      tok = tokens.shift
      if tok.start_with?("{{")
        out << expr(tok[2..-3].strip, scopes)
      elsif tok.start_with?("{%")
        tag = tok[2..-3].strip
        case tag
        when /\Aif (not )?(.+)\z/
          neg = !$1.nil?
          cond = truthy?(lookup($2.strip, scopes))
          cond = !cond if neg
          body, stop = render_tokens(tokens, scopes)
          else_body = ""
          if stop == "else"
            else_body, stop = render_tokens(tokens, scopes)
          end
          raise TemplateError, "unclosed if" unless stop == "end"
          out << (cond ? body : else_body)
        when /\Afor (\w+) in ([\w.]+)\z/
          var, coll = $1, $2
          items = Array(lookup(coll, scopes))
          start = tokens.dup
          consumed = nil
          if items.empty?
            depth = 0
            loop do
              t = tokens.shift or raise TemplateError, "unclosed for"
              next unless t.start_with?("{%")
              inner = t[2..-3].strip
              depth += 1 if inner.start_with?("if ", "for ")
              next unless inner == "end"
              break if depth.zero?
              depth -= 1
            end
          end
          items.each_with_index do |item, i|
            t = start.dup
            body, stop = render_tokens(t, scopes + [{var => item, "loop" => {"index" => i + 1, "first" => i.zero?, "last" => i == items.size - 1}}])
            raise TemplateError, "unclosed for" unless stop == "end"
            out << body
            consumed = t
          end
          tokens.replace(consumed) if consumed
        when /\Ainclude (\w+)\z/
          partial = @partials.fetch($1) { raise TemplateError, "missing partial '#{$1}'" }
          out << Template.new(partial, @partials).render(scopes.inject({}) { |a, s| a.merge(s) })
        when "else", "end"
          return [out, tag]
        else
          raise TemplateError, "unknown tag '#{tag}'"
        end
      else
        out << tok
      end
    end
    [out, nil]
  end
end

partials = {"footer" => "-- {{ shop.name | upcase }} ({{ shop.city }})\n"}
src = <<~T
  Hello {{ customer.name | capitalize }}!
  {% if customer.vip %}*** VIP customer ***
  {% else %}Regular customer.
  {% end %}Your order ({{ items | size }} items):
  {% for item in items %}{{ loop.index }}. {{ item.name }} x{{ item.qty }} @ {{ item.price | money }}{% if loop.last %} (last){% end %}
  {% end %}{% if not coupons %}No coupons.
  {% end %}Tags: {{ tags | join }} / {{ tags | reverse | join | upcase }}
  Note: {{ note }} | raw: {{ note | raw }}
  {% include footer %}
T
ctx = {
  "customer" => {"name" => "aDA", "vip" => true},
  "items" => [{"name" => "Widget", "qty" => 2, "price" => 3.5}, {"name" => "Gadget", "qty" => 1, "price" => 10}],
  "coupons" => [],
  "tags" => %w[new fast],
  "note" => "<b>\"fragile\" & heavy</b>",
  "shop" => {"name" => "Spinel Store", "city" => "Kyoto"},
}
puts Template.new(src, partials).render(ctx)
ctx2 = ctx.merge("customer" => {"name" => "bob"}, "items" => [], "coupons" => ["X"])
puts Template.new(src, partials).render(ctx2)
["{{ x | shout }}", "{% if x %}open", "{% for a in b %}", "{% frob %}", "{% include nope %}", "{% end %}"].each do |bad|
  Template.new(bad).render("x" => 1, "b" => [1])
  puts "no error for #{bad}"
rescue Template::TemplateError => e
  puts "TemplateError: #{e.message}"
end
p Template.new("{{ a.b.c }}|{{ list.1 }}|{{ list.size }}|{{ missing }}|{{ \"lit\" | upcase }}").render("a" => {"b" => {"c" => 42}}, "list" => [7, 8, 9])
