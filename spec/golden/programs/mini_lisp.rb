# A small Lisp interpreter: reader, environments, special forms, closures, tail-recursive loops via recursion
class Lisp
  class LispError < StandardError; end
  Sym = Struct.new(:name) do
    def to_s = name
  end

  class Env
    def initialize(vars = {}, outer = nil)
      @vars = vars
      @outer = outer
    end

    def find(name)
      return self if @vars.key?(name)
      raise LispError, "unbound symbol: #{name}" unless @outer
      @outer.find(name)
    end

    def [](name) = find(name).get(name)
    def get(name) = @vars[name]
    def define(name, v) = @vars[name] = v
    def set!(name, v) = find(name).define(name, v)
  end

  Lambda = Struct.new(:params, :body, :env, :name)

  def initialize
    @global = Env.new(builtins)
  end

  def builtins
    {
      "+" => ->(*a) { a.sum }, "-" => ->(a, *b) { b.empty? ? -a : a - b.sum },
      "*" => ->(*a) { a.inject(1, :*) }, "/" => ->(a, b) { raise LispError, "division by zero" if b.zero?; a / b },
      "<" => ->(a, b) { a < b }, ">" => ->(a, b) { a > b }, "=" => ->(a, b) { a == b }, "<=" => ->(a, b) { a <= b },
      "mod" => ->(a, b) { a % b }, "not" => ->(a) { !a },
      "list" => ->(*a) { a }, "car" => ->(l) { l.first }, "cdr" => ->(l) { l.drop(1) },
      "cons" => ->(a, l) { [a] + l }, "null?" => ->(l) { l.empty? }, "length" => ->(l) { l.length },
      "apply" => ->(f, args) { call(f, args) }, "map" => ->(f, l) { l.map { |x| call(f, [x]) } },
      "filter" => ->(f, l) { l.select { |x| call(f, [x]) } },
    }
  end

  def tokenize(src) = src.gsub("(", " ( ").gsub(")", " ) ").gsub("'", " ' ").split

  def read(tokens)
    raise LispError, "unexpected EOF" if tokens.empty?
    t = tokens.shift
    case t
    when "("
      list = []
      list << read(tokens) while tokens.first != ")" && !tokens.empty?
      raise LispError, "missing )" if tokens.empty?
      tokens.shift
      list
    when ")" then raise LispError, "unexpected )"
    when "'" then [Sym.new("quote"), read(tokens)]
    when /\A-?\d+\z/ then t.to_i
    when "#t" then true
    when "#f" then false
    else Sym.new(t)
    end
  end

  def run(src)
    tokens = tokenize(src)
    result = nil
    result = eval(read(tokens), @global) until tokens.empty?
    result
  end

  def call(f, args)
    case f
    when Proc
      f.call(*args)
    when Lambda
      if f.params.size != args.size
        raise LispError, "#{f.name || 'lambda'} expects #{f.params.size} args, got #{args.size}"
      end
      eval(f.body, Env.new(f.params.map(&:name).zip(args).to_h, f.env))
    else
      raise LispError, "not a function: #{show(f)}"
    end
  end

  def eval(x, env)
    case x
    when Sym then env[x.name]
    when Integer, true, false then x
    when []
      raise LispError, "empty application"
    when Array
      head = x.first
      case head.is_a?(Sym) && head.name
      when "quote" then x[1]
      when "if" then eval(x[1], env) ? eval(x[2], env) : (x[3].nil? ? nil : eval(x[3], env))
      when "define"
        if x[1].is_a?(Array)
          name = x[1].first.name
          env.define(name, Lambda.new(x[1].drop(1), x[2], env, name))
        else
          env.define(x[1].name, eval(x[2], env))
        end
        nil
      when "set!" then env.set!(x[1].name, eval(x[2], env)); nil
      when "lambda" then Lambda.new(x[1], x[2], env, nil)
      when "begin" then x.drop(1).map { |e| eval(e, env) }.last
      when "let"
        names = x[1].map { |(n, _)| n.name }
        vals = x[1].map { |(_, v)| eval(v, env) }
        eval(x[2], Env.new(names.zip(vals).to_h, env))
      when "and" then x.drop(1).all? { |e| eval(e, env) }
      when "or" then x.drop(1).any? { |e| eval(e, env) }
      when "cond"
        clause = x.drop(1).find { |(test, _)| (test.is_a?(Sym) && test.name == "else") || eval(test, env) }
        clause && eval(clause[1], env)
      else
        f = eval(head, env)
        call(f, x.drop(1).map { |a| eval(a, env) })
      end
    end
  end

  def show(v)
    case v
    when Array then "(" + v.map { |e| show(e) }.join(" ") + ")"
    when true then "#t"
    when false then "#f"
    when nil then "nil"
    when Lambda then "#<lambda #{v.name || 'anonymous'}/#{v.params.size}>"
    when Proc then "#<builtin>"
    else v.to_s
    end
  end
end

lisp = Lisp.new
programs = [
  "(+ 1 2 (* 3 4))",
  "(define (fact n) (if (<= n 1) 1 (* n (fact (- n 1)))))",
  "(fact 20)",
  "(fact 30)",
  "(define (fib n) (cond ((< n 2) n) (else (+ (fib (- n 1)) (fib (- n 2))))))",
  "(map fib '(0 1 2 3 4 5 6 7 8 9 10))",
  "(define make-counter (lambda () (let ((n 0)) (lambda () (begin (set! n (+ n 1)) n)))))",
  "(define c1 (make-counter))",
  "(begin (c1) (c1) (c1))",
  "(define (compose f g) (lambda (x) (f (g x))))",
  "((compose (lambda (x) (* x 2)) (lambda (x) (+ x 3))) 10)",
  "(filter (lambda (x) (= 0 (mod x 3))) '(1 2 3 4 5 6 7 8 9 10 11 12))",
  "(define (len l) (if (null? l) 0 (+ 1 (len (cdr l)))))",
  "(len '(a b c d e))",
  "(cons 1 '(2 3))",
  "(car (cdr '(1 (2 3) 4)))",
  "(and #t (> 3 2) (not #f))",
  "(or #f #f)",
  "(apply + '(1 2 3 4))",
  "(define (range a b) (if (> a b) '() (cons a (range (+ a 1) b))))",
  "(apply + (map (lambda (x) (* x x)) (range 1 10)))",
  "fact",
  "car",
  "(undefined-thing 1)",
  "(/ 1 0)",
  "(fact 1 2)",
  "(1 2 3)",
  "(+ 1 2",
  ")",
  "()",
]
programs.each do |src|
  result = lisp.run(src)
  puts "#{src}\n  => #{lisp.show(result)}"
rescue Lisp::LispError => e
  puts "#{src}\n  !! #{e.message}"
end
