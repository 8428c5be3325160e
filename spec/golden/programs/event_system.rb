# Event system: observers, priorities, once-handlers, wildcard topics, and an audit log
class EventBus
  Subscription = Struct.new(:id, :pattern, :priority, :once, :handler)

  def initialize
    @subs = []
    @next_id = 0
    @log = []
  end

  attr_reader :log

  def on(pattern, priority: 0, once: false, &handler)
    sub = Subscription.new(@next_id += 1, pattern, priority, once, handler)
    @subs << sub
    sub.id
  end

  def once(pattern, **opts, &h) = on(pattern, **opts, once: true, &h)

  def off(id)
    before = @subs.size
    @subs.reject! { |s| s.id == id }
    before != @subs.size
  end

  def emit(topic, payload = {})
    matched = @subs.select { |s| match?(s.pattern, topic) }
                   .sort_by { |s| [-s.priority, s.id] }
    @log << [topic, matched.map(&:id)]
    results = []
    matched.each do |s|
      @subs.delete(s) if s.once
      r = catch(:stop_propagation) do
        s.handler.call(topic, payload)
        :continue
      end
      results << s.id
      break if r != :continue
    rescue => e
      results << "#{s.id}!#{e.class}"
    end
    results
  end

  private

  def match?(pattern, topic)
    case pattern
    when Regexp then pattern.match?(topic)
    when String
      return true if pattern == topic
      return false unless pattern.include?("*")
      re = Regexp.new("\\A" + pattern.split("*", -1).map { |p| Regexp.escape(p) }.join("[^.]*") + "\\z")
      re.match?(topic)
    end
  end
end

module Observable2
  def observers = (@observers ||= [])
  def add_observer(o) = observers << o
  def notify(event, *args) = observers.each { |o| o.update(self, event, *args) }
end

class Stock
  include Observable2
  attr_reader :symbol, :price
  def initialize(symbol, price)
    @symbol = symbol
    @price = price
  end

  def price=(new_price)
    old = @price
    @price = new_price
    change = ((new_price - old) / old * 100).round(2)
    notify(:price_changed, old, new_price, change)
  end
end

class Alert
  attr_reader :messages
  def initialize(threshold) = (@threshold = threshold; @messages = [])
  def update(stock, event, old, new, change)
    return unless change.abs >= @threshold
    @messages << "#{stock.symbol} #{event}: #{old} -> #{new} (#{change > 0 ? '+' : ''}#{change}%)"
  end
end

class Ledger
  def initialize = @rows = []
  def update(stock, _event, _old, new, _change) = @rows << [stock.symbol, new]
  def summary = @rows.group_by(&:first).transform_values { |rs| rs.map(&:last) }
end

bus = EventBus.new
out = []
bus.on("user.created") { |t, p| out << "welcome #{p[:name]}" }
audit = bus.on("user.*", priority: -1) { |t, p| out << "audit #{t}" }
bus.on("user.*", priority: 10) { |t, p| throw :stop_propagation if p[:banned]; out << "check #{p[:name]}" }
bus.once("user.deleted") { |t, p| out << "first delete only: #{p[:name]}" }
bus.on(/\Aorder\.(placed|paid)\z/) { |t, p| out << "order #{t.split('.').last} ##{p[:id]}" }
bus.on("order.paid") { |_, p| raise ArgumentError, "bad amount" if p[:amount].negative? }
p bus.emit("user.created", name: "ann")
p bus.emit("user.created", name: "evil", banned: true)
p bus.emit("user.deleted", name: "bob")
p bus.emit("user.deleted", name: "cy")
p bus.emit("order.placed", id: 7)
p bus.emit("order.paid", id: 7, amount: -1)
p bus.emit("order.shipped", id: 7)
p bus.off(audit), bus.off(audit)
p bus.emit("user.updated", name: "dee")
p bus.emit("user.a.b", name: "nested")
puts out
p bus.log.map(&:first).tally

acme = Stock.new("ACME", 100.0)
globex = Stock.new("GLBX", 50.0)
alert = Alert.new(5)
ledger = Ledger.new
[acme, globex].each { |s| s.add_observer(alert); s.add_observer(ledger) }
[[acme, 103.0], [acme, 96.0], [globex, 55.0], [acme, 96.5], [globex, 44.0], [globex, 44.0]].each { |s, pr| s.price = pr }
puts alert.messages
p ledger.summary
