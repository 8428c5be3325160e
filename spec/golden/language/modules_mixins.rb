module Describable
  def describe = "#{self.class.name.downcase}: #{name}"
  def self.included(base)
    base.extend(ClassMethods)
  end
  module ClassMethods
    def create(*args) = new(*args)
    def registry = (@registry ||= [])
  end
end
module Taggable
  def tags = (@tags ||= [])
  def tag(t)
    tags << t
    self
  end
end
class Item
  include Describable
  include Taggable
  attr_reader :name
  def initialize(name) = @name = name
end
i = Item.create("lamp").tag(:home).tag(:light)
puts i.describe
p i.tags
p Item.include?(Taggable)
p Item.ancestors.take(3)
p Item.registry
p i.is_a?(Describable)
p Describable.instance_methods.sort
module Countable
  def count_me = @counted = (@counted || 0) + 1
end
o = Object.new
o.extend(Countable)
o.count_me
p o.count_me
p o.singleton_class.include?(Countable)
module Wrap
  def run = "wrap(" + super + ")"
end
class Task
  def run = "task"
end
class Task
  prepend Wrap
end
p Task.new.run
p Task.ancestors.index(Wrap) < Task.ancestors.index(Task)
module Outer
  VALUE = 1
  module Inner
    def self.get = VALUE
    class Deep
      def get = VALUE + 1
    end
  end
end
p Outer::Inner.get
p Outer::Inner::Deep.new.get
p Outer::Inner::Deep.name
module Greeting
  def self.hello = "hello"
  def self.extended(base) = (@ext ||= []) << base.class.name
end
p Greeting.hello
x = Object.new.extend(Greeting)
p Greeting.instance_variable_get(:@ext)
p Comparable.instance_method(:between?).owner
