# A state machine DSL: class-level macros with define_method, guards,
# callbacks, and transition history.
module StateMachine
  class InvalidTransition < StandardError; end

  def self.included(base)
    base.extend(ClassMethods)
  end

  module ClassMethods
    def states(*names)
      @states = names
      names.each do |s|
        define_method("#{s}?") { state == s }
      end
    end

    def initial(s) = @initial = s
    def initial_state = @initial || @states.first
    def transitions = (@transitions ||= {})
    def callbacks = (@callbacks ||= Hash.new { |h, k| h[k] = [] })

    def event(name, from:, to:, guard: nil)
      transitions[name] = { from: Array(from), to:, guard: }
      define_method("#{name}!") do |*args|
        fire(name, *args)
      end
      define_method("can_#{name}?") do
        t = self.class.transitions[name]
        t[:from].include?(state) && (t[:guard].nil? || instance_exec(&t[:guard]))
      end
    end

    def after(state, &blk) = callbacks[state] << blk
  end

  def state = @state ||= self.class.initial_state
  def history = @history ||= []

  def fire(name, *args)
    t = self.class.transitions.fetch(name)
    unless t[:from].include?(state)
      raise InvalidTransition, "cannot #{name} from #{state}"
    end
    if t[:guard] && !instance_exec(&t[:guard])
      raise InvalidTransition, "guard blocked #{name}"
    end
    history << [state, name, t[:to]]
    @state = t[:to]
    self.class.callbacks[@state].each { |cb| instance_exec(*args, &cb) }
    self
  end
end

class Order
  include StateMachine
  states :cart, :placed, :paid, :shipped, :cancelled
  initial :cart
  attr_accessor :items, :paid_amount, :notes

  def initialize
    @items = []
    @notes = []
  end

  event :place, from: :cart, to: :placed, guard: -> { !items.empty? }
  event :pay, from: :placed, to: :paid
  event :ship, from: :paid, to: :shipped
  event :cancel, from: [:cart, :placed], to: :cancelled

  after(:paid) { |amount = 0| self.paid_amount = amount; notes << "paid #{amount}" }
  after(:shipped) { notes << "shipped #{items.size} items" }
  after(:cancelled) { |reason = "none"| notes << "cancelled: #{reason}" }
end

o = Order.new
p o.state, o.cart?, o.can_place?
begin
  o.place!
rescue StateMachine::InvalidTransition => e
  puts "error: #{e.message}"
end
o.items << :book << :pen
p o.can_place?
o.place!.pay!(42)
p [o.state, o.paid?, o.paid_amount]
begin
  o.cancel!("changed mind")
rescue StateMachine::InvalidTransition => e
  puts "error: #{e.message}"
end
o.ship!
p o.state, o.notes
p o.history
o2 = Order.new
o2.cancel!("too slow")
p o2.state, o2.notes, o2.cancelled?
p Order.transitions.keys
p Order.instance_methods(false).grep(/\?\z/).sort
