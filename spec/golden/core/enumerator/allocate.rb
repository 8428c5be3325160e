# Enumerator.allocate (and subclasses): an uninitialized Enumerator (inspect
# '#<Enumerator: uninitialized>'; was a plain object that crashed Enumerator methods).
p Enumerator.allocate.inspect, Enumerator::Lazy.allocate.inspect, Enumerator::Product.allocate.inspect
p [1].each.inspect, Enumerator.new { |y| y << 1 }.to_a
