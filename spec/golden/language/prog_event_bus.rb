# Event bus with subscribers (blocks), filters, pattern-matched events and
# middleware built from modules and closures.
module Loggable
  def log(msg) = (@log ||= []) << "[#{self.class.name}] #{msg}"
  def logs = @log || []
end

class EventBus
  include Loggable
  Subscription = Data.define(:topic, :handler, :once) rescue nil

  def initialize
    @subs = Hash.new { |h, k| h[k] = [] }
    @middleware = []
    @delivered = 0
  end

  def use(&mw) = (@middleware << mw; self)

  def on(topic, once: false, &handler)
    raise ArgumentError, "handler required" unless handler
    @subs[topic] << [handler, once]
    log "subscribed to #{topic}#{' (once)' if once}"
    -> { @subs[topic].reject! { |h, _| h.equal?(handler) } }
  end

  def emit(topic, payload = {})
    event = { topic:, payload:, at: @delivered }
    event = @middleware.reduce(event) { |ev, mw| ev && mw.call(ev) }
    unless event
      log "dropped #{topic}"
      return 0
    end
    handlers = @subs[topic] + @subs[:*]
    handlers.each do |handler, once|
      handler.call(event)
      @delivered += 1
      @subs[topic].delete_if { |h, o| o && h.equal?(handler) } if once
    end
    handlers.size
  end

  def stats = { topics: @subs.keys.reject { _1 == :* }.sort, delivered: @delivered }
end

bus = EventBus.new
seen = []
bus.use { |ev| ev[:payload][:secret] ? nil : ev }
bus.use { |ev| ev.merge(payload: ev[:payload].transform_keys(&:to_sym)) }

bus.on(:order) do |ev|
  case ev
  in {payload: {id: Integer => id, total: Float | Integer => total}} if total > 100
    seen << "big order #{id} (#{total})"
  in {payload: {id:, total:}}
    seen << "order #{id} (#{total})"
  in {payload: {id:}}
    seen << "order #{id} without total"
  end
end
bus.on(:user, once: true) { |ev| seen << "first user event: #{ev[:payload][:name]}" }
unsub = bus.on(:*) { |ev| seen << "audit #{ev[:topic]}@#{ev[:at]}" }

p bus.emit(:order, { "id" => 1, "total" => 50 })
p bus.emit(:order, { id: 2, total: 250.5 })
p bus.emit(:order, { id: 3 })
p bus.emit(:user, { name: "ann" })
p bus.emit(:user, { name: "bob" })
p bus.emit(:order, { id: 4, secret: true })
unsub.call
p bus.emit(:order, { id: 5, total: 101 })
begin
  bus.on(:broken)
rescue ArgumentError => e
  puts "error: #{e.message}"
end
puts seen
puts bus.logs
p bus.stats
