# Vending machine state machine: coins, selection, change-making, refunds, inventory, error states
class VendingMachine
  COINS = {"q" => 25, "d" => 10, "n" => 5, "D" => 100}.freeze
  class VendError < StandardError; end

  Product = Struct.new(:name, :price, :count)

  attr_reader :state, :balance, :bank, :sales

  def initialize
    @products = {
      "A1" => Product.new("Cola", 125, 2),
      "A2" => Product.new("Water", 90, 1),
      "B1" => Product.new("Chips", 65, 5),
      "B2" => Product.new("Gum", 35, 0),
    }
    @bank = {100 => 0, 25 => 4, 10 => 3, 5 => 2}
    @balance = 0
    @state = :idle
    @sales = Hash.new(0)
    @transitions = []
  end

  def insert(code)
    value = COINS.fetch(code) { raise VendError, "rejected coin #{code.inspect}" }
    raise VendError, "machine in service mode" if @state == :service
    @balance += value
    @bank[value] += 1
    transition(:has_money)
    "balance #{money(@balance)}"
  end

  def select(slot)
    raise VendError, "machine in service mode" if @state == :service
    product = @products[slot] or raise VendError, "no slot #{slot}"
    raise VendError, "#{product.name} sold out" if product.count.zero?
    if @balance < product.price
      raise VendError, "#{product.name} costs #{money(product.price)}, insert #{money(product.price - @balance)} more"
    end
    change = make_change(@balance - product.price)
    raise VendError, "cannot make change, exact amount only" if change.nil?
    change.each { |c| @bank[c] -= 1 }
    product.count -= 1
    @sales[product.name] += 1
    @balance = 0
    transition(:idle)
    "vend #{product.name}" + (change.empty? ? "" : ", change #{change.map { |c| money(c) }.join(' ')}")
  end

  def refund
    coins = make_change(@balance) || []
    coins.each { |c| @bank[c] -= 1 }
    amount = @balance
    @balance = 0
    transition(:idle)
    "refund #{money(amount)}"
  end

  def service(on)
    raise VendError, "refund first" if on && @balance > 0
    transition(on ? :service : :idle)
    "service #{on ? 'on' : 'off'}"
  end

  def restock(slot, n)
    raise VendError, "restock requires service mode" unless @state == :service
    @products[slot].count += n
    "#{@products[slot].name} now #{@products[slot].count}"
  end

  def history = @transitions.map { |a, b| "#{a}->#{b}" }
  def stock = @products.transform_values(&:count)
  def bank_total = @bank.sum { |c, n| c * n }

  private

  def transition(to)
    @transitions << [@state, to] unless @state == to
    @state = to
  end

  # greedy on the available coins, with a fallback search when greedy fails
  def make_change(amount, coins = @bank.keys.sort.reverse)
    return [] if amount.zero?
    coins.each_with_index do |c, idx|
      next if c > amount || @bank[c].zero?
      @bank[c] -= 1
      rest = make_change(amount - c, coins[idx..])
      @bank[c] += 1
      return [c] + rest if rest
    end
    nil
  end

  def money(cents) = format("$%d.%02d", cents / 100, cents % 100)
end

vm = VendingMachine.new
script = %w[insert:q insert:q select:A1 insert:D select:A1 select:B2 select:Z9 insert:x insert:d
            select:B1 insert:D select:A2 insert:D insert:q select:A1 refund service:on insert:q restock:B2:3
            service:off insert:q insert:d select:B2 insert:D insert:D select:A1 select:A1 refund]
script.each do |step|
  cmd, *args = step.split(":")
  result = case cmd
           when "insert" then vm.insert(args[0])
           when "select" then vm.select(args[0])
           when "refund" then vm.refund
           when "service" then vm.service(args[0] == "on")
           when "restock" then vm.restock(args[0], args[1].to_i)
           end
  puts format("%-14s %-10s %s", step, vm.state, result)
rescue VendingMachine::VendError => e
  puts format("%-14s %-10s ERROR %s", step, vm.state, e.message)
end
p vm.stock, vm.sales, vm.bank, vm.bank_total, vm.balance
puts vm.history.join(", ")
