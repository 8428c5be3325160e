# A tiny stack-based VM: assembler with labels, interpreter loop, call/ret, and programs run on it
class VMError < StandardError; end

class Assembler
  def assemble(src)
    code = []
    labels = {}
    src.each_line do |raw|
      line = raw.sub(/;.*/, "").strip
      next if line.empty?
      if (m = line.match(/\A(\w+):\s*(.*)\z/))
        labels[m[1]] = code.size
        line = m[2]
        next if line.empty?
      end
      op, arg = line.split(/\s+/, 2)
      code << [op.downcase.to_sym, arg]
    end
    code.map do |op, arg|
      val = case arg
            when nil then nil
            when /\A-?\d+\z/ then arg.to_i
            else labels.fetch(arg) { raise VMError, "unknown label #{arg}" }
            end
      [op, val]
    end
  end
end

class VM
  attr_reader :output, :steps

  def initialize(code, max_steps: 100_000)
    @code = code
    @max_steps = max_steps
  end

  def run(*args)
    @stack = args.dup
    @frames = []
    @locals = Array.new(8, 0)
    @output = []
    @steps = 0
    pc = 0
    while pc < @code.size
      @steps += 1
      raise VMError, "step limit exceeded" if @steps > @max_steps
      op, arg = @code[pc]
      pc += 1
      case op
      when :push then @stack.push(arg)
      when :pop then pop
      when :dup then @stack.push(peek)
      when :swap then a = pop; b = pop; @stack.push(a, b)
      when :over then @stack.push(@stack[-2])
      when :add then b = pop; @stack.push(pop + b)
      when :sub then b = pop; @stack.push(pop - b)
      when :mul then b = pop; @stack.push(pop * b)
      when :div
        b = pop
        raise VMError, "division by zero at #{pc - 1}" if b.zero?
        @stack.push(pop / b)
      when :mod then b = pop; @stack.push(pop % b)
      when :eq then b = pop; @stack.push(pop == b ? 1 : 0)
      when :lt then b = pop; @stack.push(pop < b ? 1 : 0)
      when :jmp then pc = arg
      when :jz then pc = arg if pop.zero?
      when :jnz then pc = arg unless pop.zero?
      when :load then @stack.push(@locals[arg])
      when :store then @locals[arg] = pop
      when :call then @frames.push([pc, @locals]); @locals = Array.new(8, 0); pc = arg
      when :ret
        raise VMError, "return with empty call stack" if @frames.empty?
        pc, @locals = @frames.pop
      when :print then @output << pop
      when :halt then break
      else raise VMError, "bad opcode #{op}"
      end
    end
    @stack
  end

  private

  def pop = @stack.pop || raise(VMError, "stack underflow")
  def peek = @stack.last || raise(VMError, "stack underflow")
end

FACT = <<~ASM
  ; n on the stack -> n!
      store 0
      push 1
      store 1
  loop:
      load 0
      jz done
      load 1
      load 0
      mul
      store 1
      load 0
      push 1
      sub
      store 0
      jmp loop
  done:
      load 1
      halt
ASM

FIB_CALL = <<~ASM
      push 0
      store 0          ; i = 0
  next:
      load 0
      push 12
      lt
      jz end
      load 0
      call fib
      print
      load 0
      push 1
      add
      store 0
      jmp next
  end:
      halt
  fib:                 ; iterative fib(n), fresh locals per call
      store 0
      push 0
      store 1
      push 1
      store 2
  fl: load 0
      jz fd
      load 2
      load 1
      load 2
      add
      store 2
      store 1
      load 0
      push 1
      sub
      store 0
      jmp fl
  fd: load 1
      ret
ASM

PRIMES = <<~ASM
      push 2
      store 0
  outer:
      load 0
      push 50
      lt
      jz stop
      push 2
      store 1
  inner:
      load 1
      load 1
      mul
      load 0
      swap
      lt
      jnz prime
      load 0
      load 1
      mod
      jz notprime
      load 1
      push 1
      add
      store 1
      jmp inner
  prime:
      load 0
      print
  notprime:
      load 0
      push 1
      add
      store 0
      jmp outer
  stop:
      halt
ASM

asm = Assembler.new
[0, 1, 5, 10, 20, 25].each do |n|
  vm = VM.new(asm.assemble(FACT))
  puts "fact(#{n}) = #{vm.run(n).last} in #{vm.steps} steps"
end
vm = VM.new(asm.assemble(FIB_CALL))
vm.run
p vm.output, vm.steps
# labels may share a line with an instruction ("fl: load 0")
begin
  code = asm.assemble(FIB_CALL)
  p code.size, code.first(3), code.count { |op, _| op == :call }
rescue VMError => e
  puts "assemble error: #{e.message}"
end
pvm = VM.new(asm.assemble(PRIMES))
pvm.run
p pvm.output, pvm.steps
errors = {
  "push 1\npush 0\ndiv" => [],
  "pop" => [],
  "ret" => [],
  "jmp nowhere" => [],
  "loop:\njmp loop" => [],
  "frob" => [],
}
errors.each_key do |src|
  v = VM.new(asm.assemble(src), max_steps: 1000)
  v.run
  puts "#{src.tr("\n", ';')}: no error"
rescue VMError => e
  puts "#{src.tr("\n", ';')}: VMError: #{e.message}"
end
