# Monitor synchronize is reentrant; MonitorMixin condition variables
require 'monitor'
class Account
  include MonitorMixin
  attr_reader :balance
  def initialize
    super()
    @balance = 0
  end

  def deposit(n) = synchronize { @balance += n }
  def deposit_twice(n) = synchronize { deposit(n); deposit(n) }
end
acct = Account.new
ts = 10.times.map { Thread.new { 100.times { acct.deposit_twice(1) } } }
ts.each(&:join)
p acct.balance
mon = Monitor.new
depth = mon.synchronize { mon.synchronize { mon.synchronize { 3 } } }
p depth
p mon.mon_locked? rescue p :no_mon_locked
mon.enter
p mon.mon_owned? rescue p :no_owned
mon.exit
items = []
lock = Monitor.new
cond = lock.new_cond
consumer = Thread.new do
  got = []
  3.times do
    lock.synchronize do
      cond.wait_while { items.empty? }
      got << items.shift
    end
  end
  got
end
3.times do |i|
  lock.synchronize do
    items << i
    cond.signal
  end
end
p consumer.value
m = Mutex.new
begin
  m.synchronize { m.synchronize { } }
rescue ThreadError => e
  puts "ThreadError: #{e.message}"
end
