# modules: module_function, extend, prepend, refinements-free, constants, namespacing
module Util
  module_function
  def double(x) = x * 2
  PI2 = 6.28
end
p Util.double(4), Util::PI2
module Countable
  def self.included(base)
    base.extend(ClassMethods)
  end
  module ClassMethods
    def instances = @instances ||= 0
    def track! = @instances = instances + 1
  end
  def register
    self.class.track!
    self
  end
end
class Widget
  include Countable
end
3.times { Widget.new.register }
p Widget.instances
module Logging
  def run(x)
    log = "before #{x}"
    r = super
    "#{log} -> #{r} -> after"
  end
end
class Task
  prepend Logging
  def run(x) = "ran #{x}"
end
p Task.new.run(5), Task.ancestors.first(3)
obj = Object.new
obj.extend(Util) rescue nil
module Hello
  def hello = "hello from #{self}"
end
s = "str"
s.extend(Hello)
p s.hello, s.singleton_class.include?(Hello)
module Outer
  VAL = 1
  module Inner
    VAL2 = VAL + 1
    def self.get = [VAL, VAL2]
  end
  class Thing
    def val = VAL
  end
end
p Outer::Inner.get, Outer::Thing.new.val, Outer::Inner::VAL2, Outer.constants.sort
module Walkable; def move = "walk"; end
module Swimmable; def move = "swim then #{super}"; end
class Duck
  include Walkable
  include Swimmable
end
p Duck.new.move, Duck.include?(Walkable), Duck.ancestors.index(Swimmable) < Duck.ancestors.index(Walkable)
class Meta
  [:alpha, :beta].each_with_index do |n, i|
    define_method("#{n}?") { i.even? }
  end
  class << self
    def build(*args) = new(*args)
    attr_accessor :setting
  end
end
Meta.setting = :on
p Meta.new.alpha?, Meta.new.beta?, Meta.setting, Meta.build.class
p Comparable.is_a?(Module), Comparable.class, Util.respond_to?(:double), Widget.include?(Countable)
klass = Class.new(StandardError) do
  def message = "anonymous error"
end
begin
  raise klass
rescue StandardError => e
  p e.message, e.class.superclass
end
p Module.new.is_a?(Class), Class.is_a?(Module), Kernel.instance_method(:puts).owner rescue p $!
