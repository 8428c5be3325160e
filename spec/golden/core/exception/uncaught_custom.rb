# uncaught custom exception class in a module, from a block
module Shop
  class OutOfStock < StandardError; end

  class Cart
    def initialize = @items = []

    def add(item, stock)
      raise OutOfStock, "no #{item} left" if stock.zero?
      @items << item
      self
    end

    def count = @items.size
  end
end

cart = Shop::Cart.new
[["apple", 2], ["pear", 1], ["plum", 0]].each do |item, stock|
  cart.add(item, stock)
  puts "added #{item} (#{cart.count})"
end
