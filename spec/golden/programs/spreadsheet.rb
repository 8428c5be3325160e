# Spreadsheet with cell formulas, dependency tracking, recalculation, and cycle detection
class Sheet
  class CycleError < StandardError; end
  class RefError < StandardError; end

  CELL_RE = /\b([A-Z])(\d+)\b/

  def initialize
    @raw = {}
    @cache = {}
  end

  def []=(ref, value)
    @raw[ref] = value
    @cache.clear
  end

  def [](ref) = eval_cell(ref, [])

  def refs_in(expr) = expr.scan(CELL_RE).map(&:join)

  def dependents(ref)
    @raw.select { |k, v| v.is_a?(String) && v.start_with?("=") && expand(v[1..]).include?(ref) }.keys.sort
  end

  def render(cols, rows)
    header = "    " + cols.map { |c| c.center(9) }.join
    lines = [header]
    rows.each do |r|
      cells = cols.map do |c|
        v = begin
          self["#{c}#{r}"]
        rescue CycleError
          "#CYCLE"
        rescue RefError
          "#REF"
        rescue ZeroDivisionError
          "#DIV/0"
        end
        s = v.is_a?(Float) ? format("%.2f", v) : v.to_s
        s.rjust(9)
      end
      lines << r.to_s.rjust(3) + " " + cells.join
    end
    lines.join("\n")
  end

  private

  def expand(expr)
    expr.gsub(/\b([A-Z])(\d+):([A-Z])(\d+)\b/) do
      c1, r1, c2, r2 = $1, $2.to_i, $3, $4.to_i
      (c1..c2).flat_map { |c| (r1..r2).map { |r| "#{c}#{r}" } }.join(",")
    end.scan(CELL_RE).map(&:join)
  end

  def eval_cell(ref, stack)
    raise CycleError, "cycle: #{(stack + [ref]).join(' -> ')}" if stack.include?(ref)
    return @cache[ref] if @cache.key?(ref)
    raw = @raw[ref]
    val = case raw
          when nil then 0
          when Numeric then raw
          when /\A=(.*)\z/ then evaluate(Regexp.last_match(1), stack + [ref])
          when /\A-?\d+(\.\d+)?\z/ then raw.include?(".") ? raw.to_f : raw.to_i
          else raw
          end
    @cache[ref] = val
  end

  def evaluate(expr, stack)
    expr = expr.gsub(/(SUM|AVG|MAX|MIN|COUNT)\(([A-Z]\d+):([A-Z]\d+)\)/) do
      fn, a, b = $1, $2, $3
      vals = range_cells(a, b).map { |r| eval_cell(r, stack) }.select { |v| v.is_a?(Numeric) }
      res = case fn
            when "SUM" then vals.sum
            when "AVG" then vals.empty? ? 0 : vals.sum.fdiv(vals.size)
            when "MAX" then vals.max || 0
            when "MIN" then vals.min || 0
            when "COUNT" then vals.size
            end
      "(#{res})"
    end
    expr = expr.gsub(CELL_RE) do
      v = eval_cell("#{$1}#{$2}", stack)
      raise RefError, "#{$1}#{$2} is text" unless v.is_a?(Numeric)
      "(#{v})"
    end
    calc(expr)
  end

  def range_cells(a, b)
    c1, r1 = a[0], a[1..].to_i
    c2, r2 = b[0], b[1..].to_i
    (c1..c2).flat_map { |c| (r1..r2).map { |r| "#{c}#{r}" } }
  end

  # tiny arithmetic evaluator: + - * / and parentheses
  def calc(s)
    toks = s.scan(/\d+\.\d+|\d+|[-+*\/()]/)
    pos = 0
    parse_expr = nil
    atom = lambda do
      t = toks[pos]
      pos += 1
      if t == "("
        v = parse_expr.call
        pos += 1
        v
      elsif t == "-"
        -atom.call
      else
        t.include?(".") ? t.to_f : t.to_i
      end
    end
    term = lambda do
      v = atom.call
      while %w[* /].include?(toks[pos])
        op = toks[pos]
        pos += 1
        r = atom.call
        if op == "*"
          v *= r
        else
          raise ZeroDivisionError if r.zero?
          v = v.fdiv(r)
        end
      end
      v
    end
    parse_expr = lambda do
      v = term.call
      while %w[+ -].include?(toks[pos])
        op = toks[pos]
        pos += 1
        v = op == "+" ? v + term.call : v - term.call
      end
      v
    end
    parse_expr.call
  end
end

s = Sheet.new
s["A1"] = "Item"
s["B1"] = "Qty"
s["C1"] = "Price"
s["D1"] = "Total"
[["Pens", 10, 1.5], ["Paper", 3, 4.25], ["Ink", 2, 19.99], ["Clips", 100, 0.02]].each_with_index do |(name, q, pr), i|
  r = i + 2
  s["A#{r}"] = name
  s["B#{r}"] = q
  s["C#{r}"] = pr.to_s
  s["D#{r}"] = "=B#{r}*C#{r}"
end
s["A6"] = "Sum"
s["B6"] = "=SUM(B2:B5)"
s["D6"] = "=SUM(D2:D5)"
s["A7"] = "Avg"
s["D7"] = "=AVG(D2:D5)"
s["B7"] = "=MAX(B2:B5)-MIN(B2:B5)"
s["C7"] = "=COUNT(C2:C5)"
puts s.render(%w[A B C D], 1..7)
p s["D6"], s.dependents("B3"), s.refs_in("=B2*C2+D9")
s["B3"] = 5
puts "after B3=5: D3=#{s['D3']} D6=#{s['D6'].round(2)}"
s["E1"] = "=E2+1"
s["E2"] = "=E3*2"
s["E3"] = "=E1"
s["F1"] = "=A2*2"
s["F2"] = "=B2/(B3-5)"
s["F3"] = "=(B2+B3)*(2-3)/4"
%w[E1 F1 F2 F3 Z9].each do |ref|
  puts "#{ref} = #{s[ref].inspect}"
rescue Sheet::CycleError, Sheet::RefError, ZeroDivisionError => e
  puts "#{ref}: #{e.class.name.split('::').last}: #{e.message}"
end
puts s.render(%w[E F], 1..3)
