# Inventory management: modules, custom errors, sorting, grouping,
# operator overloading, and formatted output.
module Inventory
  class OutOfStock < StandardError
    def initialize(item, want) = super("only #{item.qty} #{item.name} left, wanted #{want}")
  end

  class Money
    include Comparable
    attr_reader :cents
    def initialize(cents) = @cents = Integer(cents)
    def self.[](amount) = new((amount * 100).round)
    def +(o) = Money.new(cents + o.cents)
    def -(o) = Money.new(cents - o.cents)
    def *(n) = Money.new(cents * n)
    def <=>(o) = cents <=> o.cents
    def zero? = cents.zero?
    def to_s = format("$%d.%02d", cents / 100, cents % 100)
    def inspect = "#<Money #{self}>"
    def coerce(n) = [Money.new(n * 100), self]
  end

  class Item
    attr_reader :sku, :name, :price, :category
    attr_accessor :qty
    def initialize(sku:, name:, price:, qty: 0, category: :misc)
      @sku, @name, @price, @qty, @category = sku, name, Money[price], qty, category
    end
    def value = price * qty
    def take(n)
      raise OutOfStock.new(self, n) if n > qty
      self.qty -= n
      price * n
    end
    def to_s = "#{sku.ljust(6)} #{name.ljust(12)} #{qty.to_s.rjust(4)} @ #{price.to_s.rjust(7)}"
  end

  class Store
    include Enumerable
    attr_reader :revenue, :events
    def initialize
      @items = {}
      @revenue = Money.new(0)
      @events = []
    end
    def add(**attrs) = (@items[attrs[:sku]] = Item.new(**attrs)).then { self }
    def each(&blk) = @items.values.each(&blk)
    def [](sku) = @items[sku] or raise KeyError, "unknown sku #{sku}"

    def sell(sku, n)
      item = self[sku]
      amount = item.take(n)
      @revenue += amount
      @events << [:sold, sku, n]
      amount
    rescue OutOfStock, KeyError => e
      @events << [:failed, sku, e.class.name.split("::").last]
      nil
    end

    def restock(threshold: 5, amount: 10)
      low = select { |i| i.qty < threshold }
      low.each { |i| i.qty += amount }
      low.map(&:sku)
    end

    def report
      group_by(&:category).sort.map do |cat, items|
        total = items.map(&:value).reduce(Money.new(0), :+)
        lines = items.sort_by { |i| [-i.qty, i.name] }.map { |i| "  #{i}" }
        ["#{cat} (#{total})", *lines].join("\n")
      end.join("\n")
    end
  end
end

store = Inventory::Store.new
store.add(sku: "A1", name: "hammer", price: 12.5, qty: 10, category: :tools)
     .add(sku: "A2", name: "wrench", price: 8.25, qty: 3, category: :tools)
     .add(sku: "B1", name: "paint", price: 20, qty: 7, category: :supplies)
     .add(sku: "B2", name: "brush", price: 3.99, qty: 25, category: :supplies)
     .add(sku: "C1", name: "gloves", price: 5, qty: 2)

p store.sell("A1", 4)
p store.sell("A2", 5)
p store.sell("ZZ", 1)
p store.sell("B2", 20)
puts "revenue: #{store.revenue}"
p store.events
puts store.report
p store.restock
p store.min_by(&:qty).name, store.max_by(&:value).name
p store.sum { |i| i.qty }
p store.map(&:price).max, store.sort_by(&:price).map(&:sku)
p Inventory::Money[1.5] + Inventory::Money[2.25], Inventory::Money[3] > Inventory::Money[2.99]
p store.to_a.size, store.include?(store["A1"]), store.first.name
