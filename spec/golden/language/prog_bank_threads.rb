# golden: ruby31
# Concurrent transfers between accounts protected by a mutex per bank,
# a work queue with worker threads, and a final consistency check.
class Account
  attr_reader :id, :balance
  def initialize(id, balance) = (@id, @balance = id, balance)
  def apply(delta) = @balance += delta
end

class Bank
  def initialize(n, each_balance)
    @accounts = Array.new(n) { |i| Account.new(i, each_balance) }
    @lock = Mutex.new
    @log = Queue.new
  end
  def total = @accounts.sum(&:balance)
  def transfer(from, to, amt)
    @lock.synchronize do
      return false if @accounts[from].balance < amt
      @accounts[from].apply(-amt)
      @accounts[to].apply(amt)
    end
    @log << [from, to, amt]
    true
  end
  def log_size = @log.size
end

bank = Bank.new(5, 100)
jobs = Queue.new
seed = 7
60.times do |i|
  seed = (seed * 1103515245 + 12345) % 2**31
  from = seed % 5
  to = (from + 1 + i % 4) % 5
  jobs << [from, to, seed % 40]
end
4.times { jobs << :stop }
ok = Queue.new
workers = 4.times.map do
  Thread.new do
    count = 0
    while (job = jobs.pop) != :stop
      count += 1 if bank.transfer(*job)
    end
    ok << count
  end
end
workers.each(&:join)
total_ok = 4.times.sum { ok.pop }
p bank.total
p total_ok == bank.log_size
p total_ok > 0
