# Bank account simulation: accounts, transactions, overdraft errors, interest, statements
class InsufficientFunds < StandardError
  attr_reader :needed
  def initialize(needed)
    @needed = needed
    super("insufficient funds: need #{format('%.2f', needed)} more")
  end
end

class AccountFrozen < StandardError; end

class Transaction
  attr_reader :kind, :amount, :balance_after, :memo
  def initialize(kind, amount, balance_after, memo = nil)
    @kind = kind
    @amount = amount
    @balance_after = balance_after
    @memo = memo
  end

  def to_s
    sign = %i[deposit interest transfer_in].include?(kind) ? "+" : "-"
    line = format("%-12s %s%9.2f  balance %10.2f", kind, sign, amount, balance_after)
    memo ? "#{line}  (#{memo})" : line
  end
end

class Account
  attr_reader :owner, :number, :balance, :history
  @@next_number = 1000

  def initialize(owner, opening = 0)
    @owner = owner
    @number = (@@next_number += 1)
    @balance = 0.0
    @history = []
    @frozen = false
    deposit(opening, "opening") if opening > 0
  end

  def freeze! = @frozen = true
  def frozen_account? = @frozen

  def deposit(amount, memo = nil)
    check!(amount)
    @balance += amount
    record(:deposit, amount, memo)
  end

  def withdraw(amount, memo = nil)
    check!(amount)
    raise InsufficientFunds.new(amount - available) if amount > available
    @balance -= amount
    record(:withdrawal, amount, memo)
  end

  def available = @balance

  def transfer_to(other, amount)
    withdraw(amount, "to #{other.number}")
    @history.last.instance_variable_set(:@kind, :transfer_out)
    other.receive(amount, "from #{number}")
  end

  def receive(amount, memo)
    @balance += amount
    record(:transfer_in, amount, memo)
  end

  def statement
    lines = ["Statement for #{owner} (##{number})"]
    @history.each_with_index { |t, i| lines << format("%3d. %s", i + 1, t) }
    lines << format("Closing balance: %.2f", balance)
    lines.join("\n")
  end

  protected

  def record(kind, amount, memo)
    t = Transaction.new(kind, amount, @balance, memo)
    @history << t
    t
  end

  private

  def check!(amount)
    raise AccountFrozen, "account #{number} is frozen" if @frozen
    raise ArgumentError, "amount must be positive (got #{amount})" unless amount.positive?
  end
end

class SavingsAccount < Account
  RATE = 0.025
  def add_interest(months)
    interest = (balance * RATE * months / 12.0).round(2)
    @balance += interest
    record(:interest, interest, "#{months} months")
  end
end

class CheckingAccount < Account
  def initialize(owner, opening = 0, overdraft: 100)
    @overdraft = overdraft
    super(owner, opening)
  end

  def available = @balance + @overdraft
end

alice = CheckingAccount.new("Alice", 500, overdraft: 200)
bob = SavingsAccount.new("Bob", 1200)
carol = Account.new("Carol")

ops = [
  -> { alice.withdraw(650, "rent") },
  -> { alice.withdraw(100, "groceries") },
  -> { bob.transfer_to(carol, 300) },
  -> { carol.withdraw(301) },
  -> { carol.deposit(-5) },
  -> { bob.add_interest(6) },
  -> { carol.freeze!; carol.deposit(10) },
  -> { alice.deposit(1000.5, "salary") },
  -> { bob.transfer_to(alice, 99.99) },
]
ops.each_with_index do |op, i|
  result = op.call
  puts "op #{i}: ok -> #{result.kind} #{format('%.2f', result.amount)}"
rescue InsufficientFunds => e
  puts "op #{i}: #{e.class}: #{e.message} (needed=#{e.needed.round(2)})"
rescue AccountFrozen, ArgumentError => e
  puts "op #{i}: #{e.class}: #{e.message}"
end

[alice, bob, carol].each { |a| puts a.statement; puts }
total = [alice, bob, carol].sum(&:balance)
puts format("Bank total: %.2f", total)
richest = [alice, bob, carol].max_by(&:balance)
puts "Richest: #{richest.owner} (#{richest.class})"
by_kind = [alice, bob, carol].flat_map(&:history).group_by(&:kind).transform_values { |ts| ts.sum(&:amount).round(2) }
by_kind.sort_by { |k, _| k.to_s }.each { |k, v| puts format("%-13s %10.2f", k, v) }
p carol.frozen_account?, SavingsAccount.ancestors.take(2), SavingsAccount::RATE
