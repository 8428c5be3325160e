# NoMethodError in the middle of a call chain: carets under the failing
# method name only.
Item = Struct.new(:name, :price)

def cheapest(items)
  items.min_by(&:price)
end

items = [Item.new("a", 3), Item.new("b", 1)]
puts cheapest(items).name
puts cheapest([]).name.upcase
