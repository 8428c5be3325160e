# Order workflow: a state machine with guards and callbacks, modules, audit trail and a summary report
module StateMachine
  def self.included(base) = base.extend(ClassMethods)

  module ClassMethods
    def states(*names) = (@states = names)
    def all_states = @states
    def transitions = (@transitions ||= {})

    def event(name, from:, to:, guard: nil)
      Array(from).each { |f| (transitions[name] ||= {})[f] = [to, guard] }
      define_method("#{name}!") { |*args| fire(name, *args) }
      define_method("can_#{name}?") { can_fire?(name) }
    end

    def after(state, &blk) = (callbacks[state] ||= []) << blk
    def callbacks = (@callbacks ||= {})
  end

  class InvalidTransition < StandardError; end

  def state = @state ||= self.class.all_states.first
  def history = @history ||= []

  def can_fire?(name)
    rule = self.class.transitions.fetch(name, {})[state] or return false
    guard = rule[1]
    guard.nil? || instance_exec(&guard)
  end

  def fire(name, note = nil)
    rule = self.class.transitions.fetch(name, {})[state]
    raise InvalidTransition, "cannot #{name} when #{state}" unless rule
    to, guard = rule
    raise InvalidTransition, "guard blocked #{name} (#{state})" if guard && !instance_exec(&guard)
    from = state
    @state = to
    history << [from, name, to, note].compact
    (self.class.callbacks[to] || []).each { |cb| instance_exec(from, &cb) }
    self
  end
end

class Order
  include StateMachine
  states :cart, :placed, :paid, :shipped, :delivered, :cancelled, :refunded
  event :place, from: :cart, to: :placed, guard: -> { !items.empty? }
  event :pay, from: :placed, to: :paid, guard: -> { total > 0 }
  event :ship, from: :paid, to: :shipped
  event :deliver, from: :shipped, to: :delivered
  event :cancel, from: [:cart, :placed, :paid], to: :cancelled
  event :refund, from: [:cancelled, :delivered], to: :refunded, guard: -> { paid_at }
  after(:paid) { |_| @paid_at = "step#{history.size}" }
  after(:cancelled) { |from| notes << "cancelled while #{from}" }
  after(:refunded) { |_| notes << "refunded #{format('%.2f', total)}" }

  attr_reader :id, :items, :paid_at, :notes

  def initialize(id)
    @id = id
    @items = []
    @notes = []
  end

  def add(name, price, qty = 1)
    raise StateMachine::InvalidTransition, "order #{id} is #{state}" unless state == :cart
    @items << [name, price, qty]
    self
  end

  def total = @items.sum { |_, p, q| p * q }
end

orders = (1..5).map { |i| Order.new(i) }
orders[0].add("book", 12.5, 2).add("pen", 1.25, 4)
orders[1].add("lamp", 30)
orders[3].add("desk", 150)
orders[4].add("chair", 80).add("mat", 20)
scripts = {
  1 => %i[place pay ship deliver refund],
  2 => %i[place cancel refund ship],
  3 => %i[place pay],
  4 => %i[place pay ship cancel deliver],
  5 => %i[pay place pay cancel refund],
}
scripts.each do |id, evs|
  o = orders[id - 1]
  evs.each do |ev|
    print "order #{id}: #{ev.to_s.ljust(8)} can=#{o.public_send("can_#{ev}?").to_s.ljust(5)} "
    o.public_send("#{ev}!")
    puts "-> #{o.state}"
  rescue StateMachine::InvalidTransition => e
    puts "!! #{e.message}"
  end
end
begin
  orders[0].add("late item", 1)
rescue StateMachine::InvalidTransition => e
  puts "add refused: #{e.message}"
end
puts
orders.each do |o|
  trail = o.history.map { |from, ev, to| "#{from}-#{ev}->#{to}" }.join(", ")
  puts format("#%d %-10s total=%7.2f paid_at=%-6s notes=%s", o.id, o.state, o.total, o.paid_at.inspect, o.notes.inspect)
  puts "   #{trail}"
end
p orders.group_by(&:state).transform_values { |os| os.map(&:id) }
p Order.transitions.keys, Order.transitions[:cancel].keys, Order.all_states.size
p Order.instance_methods(false).grep(/!\z/).sort
