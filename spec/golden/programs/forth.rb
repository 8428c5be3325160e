# A Forth-like interpreter: stack words, user definitions, conditionals, loops, variables and errors
class Forth
  class StackUnderflow < StandardError; end
  class UnknownWord < StandardError; end

  attr_reader :stack, :out

  def initialize
    @stack = []
    @out = []
    @vars = {}
    @memory = []
    @words = {
      "+" => -> { bin { |a, b| a + b } }, "-" => -> { bin { |a, b| a - b } },
      "*" => -> { bin { |a, b| a * b } },
      "/" => -> { bin { |a, b| raise ZeroDivisionError, "divide by zero" if b.zero?; a / b } },
      "mod" => -> { bin { |a, b| a % b } },
      "=" => -> { bin { |a, b| a == b ? -1 : 0 } }, "<" => -> { bin { |a, b| a < b ? -1 : 0 } }, ">" => -> { bin { |a, b| a > b ? -1 : 0 } },
      "dup" => -> { need(1); @stack.push(@stack.last) },
      "drop" => -> { need(1); @stack.pop },
      "swap" => -> { need(2); @stack[-2], @stack[-1] = @stack[-1], @stack[-2] },
      "over" => -> { need(2); @stack.push(@stack[-2]) },
      "rot" => -> { need(3); @stack.push(@stack.delete_at(-3)) },
      "." => -> { need(1); @out << @stack.pop.to_s },
      "emit" => -> { need(1); @out << @stack.pop.chr },
      "cr" => -> { @out << "\n" },
      ".s" => -> { @out << "<#{@stack.size}> #{@stack.join(' ')}" },
      "!" => -> { need(2); addr = @stack.pop; @memory[addr] = @stack.pop },
      "@" => -> { need(1); @stack.push(@memory[@stack.pop] || 0) },
    }
  end

  def run(src)
    tokens = src.downcase.split
    exec(tokens)
    self
  end

  private

  def need(n) = (raise StackUnderflow, "stack underflow (need #{n}, have #{@stack.size})" if @stack.size < n)

  def bin
    need(2)
    b = @stack.pop
    a = @stack.pop
    @stack.push(yield(a, b))
  end

  def take_until(tokens, *enders)
    body = []
    depth = 0
    loop do
      t = tokens.shift or raise ArgumentError, "missing #{enders.join('/')}"
      if %w[if do begin].include?(t)
        depth += 1
      elsif %w[then loop until].include?(t)
        if depth.zero? && enders.include?(t)
          return [body, t]
        end
        depth -= 1 if %w[then loop until].include?(t)
      elsif depth.zero? && enders.include?(t)
        return [body, t]
      end
      body << t
    end
  end

  def exec(tokens)
    tokens = tokens.dup
    until tokens.empty?
      t = tokens.shift
      case t
      when /\A-?\d+\z/ then @stack.push(t.to_i)
      when ":"
        name = tokens.shift
        body, _ = take_until(tokens, ";")
        @words[name] = body
      when "variable"
        name = tokens.shift
        addr = @vars.size
        @vars[name] = addr
        @words[name] = -> { @stack.push(addr) }
      when "if"
        body, ender = take_until(tokens, "else", "then")
        else_body = []
        else_body, _ = take_until(tokens, "then") if ender == "else"
        need(1)
        exec(@stack.pop != 0 ? body : else_body)
      when "do"
        body, _ = take_until(tokens, "loop")
        need(2)
        start = @stack.pop
        limit = @stack.pop
        (start...limit).each do |i|
          @words["i"] = -> { @stack.push(i) }
          exec(body)
        end
      when "begin"
        body, _ = take_until(tokens, "until")
        loop do
          exec(body)
          need(1)
          break if @stack.pop != 0
        end
      else
        w = @words[t] or raise UnknownWord, "unknown word '#{t}'"
        w.is_a?(Proc) ? w.call : exec(w)
      end
    end
  end
end

programs = [
  "1 2 + 3 * .",
  "10 3 mod . 10 3 / . 2 5 - .",
  "1 2 3 rot .s",
  ": square dup * ; 7 square . 12 square .",
  ": fact dup 1 > if dup 1 - fact * then ; 10 fact . 20 fact .",
  ": sign dup 0 < if drop -1 else 0 > if 1 else 0 then then ; -5 sign . 0 sign . 9 sign .",
  "10 0 do i . loop",
  "0 10 1 do i + loop .",
  ": stars 0 do 42 emit loop ; 5 stars cr 3 stars",
  "variable x 5 x ! x @ x @ * .",
  "1 begin dup . 2 * dup 100 > until drop",
  ": fib 0 1 rot 0 do over + swap loop drop ; 30 fib .",
  "72 emit 105 emit 33 emit",
  "1 +",
  "5 0 /",
  "frobnicate",
  ": broken 1 2",
  "3 4 = . 3 3 = . 2 9 < .",
]
programs.each do |src|
  f = Forth.new
  f.run(src)
  puts "#{src}\n  => #{f.out.join(' ')}  [stack: #{f.stack.join(' ')}]"
rescue Forth::StackUnderflow, Forth::UnknownWord, ZeroDivisionError, ArgumentError => e
  puts "#{src}\n  !! #{e.class.name.split('::').last}: #{e.message}"
end
