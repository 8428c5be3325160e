# bench: idiomatic — an optcarrot-like emulator core: a CPU class with
# registers in instance variables, memory in an Array, flags with bit
# operations, opcode dispatch with case/when, attr_reader for state.
SCALE = 1

class CPU
  attr_reader :a, :x, :cycles, :pc

  def initialize(mem)
    @mem = mem
    @a = @x = @y = 0
    @pc = 0
    @flags = 0
    @cycles = 0
  end

  def fetch
    v = @mem[@pc]
    @pc = (@pc + 1) & 0xff
    v
  end

  def set_nz(v)
    @flags = (@flags & ~0x82) | (v == 0 ? 0x02 : 0) | (v & 0x80)
    v
  end

  def zero? = (@flags & 0x02) != 0

  def step
    op = fetch
    case op
    when 0xa9 then @a = set_nz(fetch); @cycles += 2            # LDA #imm
    when 0xa2 then @x = set_nz(fetch); @cycles += 2            # LDX #imm
    when 0x69 then @a = set_nz((@a + fetch) & 0xff); @cycles += 2 # ADC #imm (no carry)
    when 0xe8 then @x = set_nz((@x + 1) & 0xff); @cycles += 2  # INX
    when 0xca then @x = set_nz((@x - 1) & 0xff); @cycles += 2  # DEX
    when 0x8d then @mem[0x80 | (fetch & 0x7f)] = @a; @cycles += 4 # STA zp
    when 0xad then @a = set_nz(@mem[0x80 | (fetch & 0x7f)]); @cycles += 4
    when 0x0a then @a = set_nz((@a << 1) & 0xff); @cycles += 2 # ASL
    when 0x49 then @a = set_nz(@a ^ fetch); @cycles += 2       # EOR #imm
    when 0xd0                                                  # BNE rel
      off = fetch
      if !zero?
        off -= 256 if off >= 128
        @pc = (@pc + off) & 0xff
        @cycles += 1
      end
      @cycles += 2
    when 0x4c then @pc = fetch; @cycles += 3                   # JMP abs (8-bit)
    else
      @cycles += 2                                             # NOP
    end
  end
end

program = [
  0xa2, 0x00,             # 0: LDX #0
  0xa9, 0x01,             # 2: LDA #1
  0x69, 0x03,             # 4: ADC #3
  0x0a,                   # 6: ASL
  0x49, 0x5a,             # 7: EOR #$5a
  0x8d, 0x10,             # 9: STA $10
  0xe8,                   # 11: INX
  0xd0, 0xf6,             # 12: BNE -10 -> 4
  0xad, 0x10,             # 14: LDA $10
  0x4c, 0x00              # 16: JMP 0
]
mem = Array.new(256, 0xea)
program.each_with_index { |b, i| mem[i] = b }
cpu = CPU.new(mem)
steps = 1_500_000 * SCALE
steps.times { cpu.step }
puts "a=#{cpu.a} x=#{cpu.x} pc=#{cpu.pc} cycles=#{cpu.cycles}"
puts mem[0x90]
puts "ops: #{steps}"
