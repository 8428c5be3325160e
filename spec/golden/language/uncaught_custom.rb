module Bank
  class InsufficientFunds < StandardError
    def initialize(need) = super("need #{need} more")
  end
  class Account
    def initialize(b) = @b = b
    def withdraw(n)
      raise InsufficientFunds.new(n - @b) if n > @b
      @b -= n
    end
  end
end
acct = Bank::Account.new(10)
acct.withdraw(5)
puts "ok"
def run(a) = a.withdraw(100)
run(acct)
