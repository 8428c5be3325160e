# A tiny expression language: tokenizer, recursive-descent parser, evaluator
# with closures and error reporting.
class Lexer
  TOKEN = /\s*(?:(\d+)|([A-Za-z_]\w*)|(==|=>|[-+*\/()=,<>{}]))/
  def initialize(src) = @src = src
  def tokens
    out = []
    pos = 0
    while pos < @src.length
      m = TOKEN.match(@src, pos)
      raise SyntaxError, "bad input at #{pos}: #{@src[pos..].inspect}" unless m && m.begin(0) == pos
      pos = m.end(0)
      if m[1] then out << [:num, m[1].to_i]
      elsif m[2] then out << [%w[let fn if then else end].include?(m[2]) ? m[2].to_sym : :id, m[2]]
      elsif m[3] then out << [:op, m[3]]
      end
      pos += 1 while pos < @src.length && @src[pos] == " "
    end
    out << [:eof, nil]
  end
end

class Parser
  def initialize(tokens)
    @t = tokens
    @i = 0
  end
  def peek = @t[@i]
  def op?(*ops) = peek[0] == :op && ops.include?(peek[1])
  def advance = (@i += 1; @t[@i - 1])
  def expect(type, val = nil)
    tok = advance
    unless tok[0] == type && (val.nil? || tok[1] == val)
      raise SyntaxError, "expected #{val || type}, got #{tok[1].inspect}"
    end
    tok
  end
  def parse
    e = expr
    expect(:eof)
    e
  end
  def expr
    case peek
    in [:let, _]
      advance
      name = expect(:id)[1]
      expect(:op, "=")
      val = expr
      expect(:op, ",")
      [:let, name, val, expr]
    in [:fn, _]
      advance
      param = expect(:id)[1]
      expect(:op, "=>")
      [:fn, param, expr]
    in [:if, _]
      advance
      c = expr
      expect(:then)
      t = expr
      expect(:else)
      f = expr
      expect(:end)
      [:if, c, t, f]
    else
      comparison
    end
  end
  def comparison
    left = additive
    while op?("==", "<", ">")
      op = advance[1]
      left = [:bin, op, left, additive]
    end
    left
  end
  def additive
    left = term
    while op?("+", "-")
      op = advance[1]
      left = [:bin, op, left, term]
    end
    left
  end
  def term
    left = call
    while op?("*", "/")
      op = advance[1]
      left = [:bin, op, left, call]
    end
    left
  end
  def call
    f = atom
    while peek == [:op, "("]
      advance
      arg = expr
      expect(:op, ")")
      f = [:call, f, arg]
    end
    f
  end
  def atom
    tok = advance
    case tok
    in [:num, n] then [:num, n]
    in [:id, name] then [:var, name]
    in [:op, "("]
      e = expr
      expect(:op, ")")
      e
    else
      raise SyntaxError, "unexpected #{tok[1].inspect}"
    end
  end
end

class Evaluator
  class RuntimeErr < StandardError; end
  def eval_node(node, env)
    case node
    in [:num, n] then n
    in [:var, name] then env.fetch(name) { raise RuntimeErr, "unbound variable #{name}" }
    in [:let, name, val, body] then eval_node(body, env.merge(name => eval_node(val, env)))
    in [:fn, param, body] then ->(arg) { eval_node(body, env.merge(param => arg)) }
    in [:if, c, t, f] then eval_node(c, env) != 0 ? eval_node(t, env) : eval_node(f, env)
    in [:call, f, arg]
      fn = eval_node(f, env)
      raise RuntimeErr, "not a function: #{fn.inspect}" unless fn.respond_to?(:call)
      fn.(eval_node(arg, env))
    in [:bin, op, l, r]
      a, b = eval_node(l, env), eval_node(r, env)
      case op
      when "+" then a + b
      when "-" then a - b
      when "*" then a * b
      when "/"
        raise RuntimeErr, "division by zero" if b == 0
        a / b
      when "==" then a == b ? 1 : 0
      when "<" then a < b ? 1 : 0
      when ">" then a > b ? 1 : 0
      end
    end
  end
end

programs = [
  "1 + 2 * 3",
  "(1 + 2) * 3",
  "let x = 5, x * x",
  "let double = fn n => n * 2, double(21)",
  "let add = fn a => fn b => a + b, add(3)(4)",
  "if 1 < 2 then 10 else 20 end",
  "let fact = fn n => if n == 0 then 1 else n * 2 end, fact(5)",
  "10 / (5 - 5)",
  "y + 1",
  "3(4)",
  "1 + ",
  "let = 4",
  "7 - 2 - 1",
  "100 / 7 / 2",
]
ev = Evaluator.new
programs.each do |src|
  result = begin
    ast = Parser.new(Lexer.new(src).tokens).parse
    ev.eval_node(ast, {}).then { |v| v.is_a?(Proc) ? "<fn>" : v }
  rescue SyntaxError => e
    "syntax error: #{e.message}"
  rescue Evaluator::RuntimeErr => e
    "runtime error: #{e.message}"
  end
  puts "#{src.ljust(55)} => #{result}"
end
