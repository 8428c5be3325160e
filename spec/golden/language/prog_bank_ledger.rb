# A small bank ledger: accounts, transfers, validation errors, reports.
module Ledger
  class Error < StandardError; end
  class InsufficientFunds < Error
    attr_reader :account, :amount
    def initialize(account, amount)
      @account, @amount = account, amount
      super("#{account.owner} cannot withdraw #{amount} (balance #{account.balance})")
    end
  end
  class FrozenAccount < Error
    def initialize(account) = super("account #{account.id} is frozen")
  end

  class Transaction
    attr_reader :kind, :amount, :memo
    def initialize(kind, amount, memo = nil)
      @kind, @amount, @memo = kind, amount, memo
    end
    def signed = kind == :credit ? amount : -amount
    def to_s = format("%-6s %8.2f %s", kind, amount, memo || "")
  end

  class Account
    attr_reader :id, :owner, :history
    @next_id = 100
    class << self
      def next_id = @next_id += 1
    end

    def initialize(owner, opening = 0)
      @id = self.class.next_id
      @owner = owner
      @history = []
      @frozen = false
      credit(opening, "opening") if opening > 0
    end

    def balance = history.sum(&:signed)
    def freeze! = @frozen = true
    def frozen_account? = @frozen

    def credit(amount, memo = nil)
      guard!
      raise ArgumentError, "amount must be positive" unless amount.positive?
      history << Transaction.new(:credit, amount, memo)
      self
    end

    def debit(amount, memo = nil)
      guard!
      raise InsufficientFunds.new(self, amount) if amount > balance
      history << Transaction.new(:debit, amount, memo)
      self
    end

    def statement
      lines = history.map.with_index(1) { |t, i| "#{i.to_s.rjust(2)}. #{t}" }
      ["Statement for #{owner} (##{id})", *lines, "Balance: #{'%.2f' % balance}"].join("\n")
    end

    private

    def guard!
      raise FrozenAccount.new(self) if frozen_account?
    end
  end

  class Bank
    include Enumerable
    def initialize = @accounts = {}
    def open(owner, opening = 0) = (@accounts[owner] = Account.new(owner, opening))
    def [](owner) = @accounts.fetch(owner) { raise Error, "no account for #{owner}" }
    def each(&) = @accounts.each_value(&)

    def transfer(from, to, amount)
      src, dst = self[from], self[to]
      src.debit(amount, "to #{to}")
      begin
        dst.credit(amount, "from #{from}")
      rescue Error
        src.credit(amount, "refund")
        raise
      end
      :ok
    end

    def total = sum(&:balance)
    def richest = max_by(&:balance)
  end
end

bank = Ledger::Bank.new
bank.open("alice", 500)
bank.open("bob", 50)
bank.open("carol")
log = []
[
  ["alice", "bob", 120],
  ["bob", "carol", 500],
  ["carol", "alice", 10],
  ["dave", "alice", 1],
  ["bob", "carol", 70],
].each do |from, to, amt|
  result = begin
    bank.transfer(from, to, amt)
  rescue Ledger::InsufficientFunds => e
    "insufficient: #{e.message}"
  rescue Ledger::Error => e
    "error: #{e.message}"
  end
  log << "#{from}->#{to} #{amt}: #{result}"
end
puts log
bank["carol"].freeze!
begin
  bank.transfer("alice", "carol", 5)
rescue Ledger::FrozenAccount => e
  puts "frozen: #{e.message}"
end
puts bank["alice"].statement
puts bank["bob"].statement
puts "total=#{bank.total} richest=#{bank.richest.owner}"
p bank.map { |a| [a.owner, a.balance] }.sort_by { -_2 }
p bank.count { |a| a.balance > 100 }
begin
  bank["alice"].credit(-5)
rescue ArgumentError => e
  puts "arg: #{e.message}"
end
p Ledger::InsufficientFunds.ancestors.take_while { |c| c != Object }
