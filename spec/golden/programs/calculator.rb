# Tokenizer + recursive-descent calculator with variables, functions and errors
class Lexer
  Token = Struct.new(:type, :value, :pos)
  TOKEN_RE = /\s*(?:(\d+\.\d+|\d+)|([A-Za-z_]\w*)|(\*\*|[-+*\/%^(),=]))/

  def initialize(src)
    @src = src
  end

  def tokens
    out = []
    pos = 0
    while pos < @src.length
      m = TOKEN_RE.match(@src, pos)
      if m.nil? || m.begin(0) != pos
        rest = @src[pos..].lstrip
        break if rest.empty?
        raise SyntaxError, "unexpected character '#{rest[0]}' at #{@src.index(rest[0], pos)}"
      end
      if m[1]
        out << Token.new(:num, m[1].include?(".") ? m[1].to_f : m[1].to_i, m.begin(1))
      elsif m[2]
        out << Token.new(:ident, m[2], m.begin(2))
      elsif m[3]
        out << Token.new(:op, m[3], m.begin(3))
      else
        break
      end
      pos = m.end(0)
    end
    out << Token.new(:eof, nil, @src.length)
  end
end

class Parser
  FUNCS = {
    "sqrt" => ->(x) { Math.sqrt(x) },
    "abs" => ->(x) { x.abs },
    "max" => ->(*xs) { xs.max },
    "min" => ->(*xs) { xs.min },
  }

  def initialize(env)
    @env = env
  end

  def run(src)
    @toks = Lexer.new(src).tokens
    @i = 0
    result = statement
    expect(:eof)
    result
  end

  private

  def peek = @toks[@i]
  def advance = (@i += 1; @toks[@i - 1])

  def accept(type, value = nil)
    t = peek
    return nil unless t.type == type && (value.nil? || t.value == value)
    advance
  end

  def expect(type, value = nil)
    accept(type, value) or raise SyntaxError, "expected #{value || type} at #{peek.pos}, got #{peek.value.inspect}"
  end

  def statement
    if peek.type == :ident && @toks[@i + 1].type == :op && @toks[@i + 1].value == "="
      name = advance.value
      advance
      @env[name] = expr
    else
      expr
    end
  end

  def expr
    v = term
    while (op = accept(:op, "+") || accept(:op, "-"))
      v = op.value == "+" ? v + term : v - term
    end
    v
  end

  def term
    v = power
    while (op = accept(:op, "*") || accept(:op, "/") || accept(:op, "%"))
      rhs = power
      case op.value
      when "*" then v *= rhs
      when "/"
        raise ZeroDivisionError, "division by zero" if rhs == 0
        v = v.is_a?(Integer) && rhs.is_a?(Integer) && v % rhs != 0 ? v.fdiv(rhs) : v / rhs
      when "%" then v %= rhs
      end
    end
    v
  end

  def power
    base = unary
    if accept(:op, "**") || accept(:op, "^")
      base**power
    else
      base
    end
  end

  def unary
    return -unary if accept(:op, "-")
    return unary if accept(:op, "+")
    primary
  end

  def primary
    if (t = accept(:num))
      t.value
    elsif (t = accept(:ident))
      if accept(:op, "(")
        args = [expr]
        args << expr while accept(:op, ",")
        expect(:op, ")")
        f = FUNCS[t.value] or raise NameError, "unknown function #{t.value}"
        f.call(*args)
      else
        @env.fetch(t.value) { raise NameError, "undefined variable #{t.value}" }
      end
    elsif accept(:op, "(")
      v = expr
      expect(:op, ")")
      v
    else
      raise SyntaxError, "unexpected #{peek.value.inspect} at #{peek.pos}"
    end
  end
end

env = {"pi" => 3.14159}
calc = Parser.new(env)
inputs = [
  "1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2", "-2 ^ 2", "10 / 4", "10 / 5", "7 % 3", "x = 5",
  "y = x * 2 + 1", "y - x", "sqrt(16) + abs(-3)", "max(1, y, 4) - min(3, 2)", "2 * pi * x",
  "1 / 0", "foo + 1", "bar(2)", "3 +", "(1 + 2", "4 $ 4", "1.5 * 4", "2 ** 100", "z = (x + y) * (y - x)", "z",
]
inputs.each do |src|
  result = calc.run(src)
  puts format("%-28s => %s", src, result.inspect)
rescue SyntaxError, NameError, ZeroDivisionError => e
  puts format("%-28s => %s: %s", src, e.class, e.message)
end
p env.keys, env.transform_values { |v| v.is_a?(Float) ? v.round(3) : v }
