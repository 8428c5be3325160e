# Backtrace labels that depend on where a def put the method (CRuby 3.4):
# singleton methods of plain objects and methods defined inside
# instance_eval are labelled with just the method name, class methods of
# a class held in another constant with the class's name, define_method
# bodies as their block, and Proc#call adds no frame of its own.
class Registry
  def self.attach(obj)
    def obj.describe
      [1].map { caller_locations(0, 1).first.label }.first
    end
  end

  def install(target)
    target.instance_eval do
      def helper(n) = n.zero? ? raise(ArgumentError, "zero") : n
    end
  end
end

Alias = String
def Alias.shout(s) = caller(0, 1).first[/'.*'/]

item = Object.new
Registry.attach(item)
puts item.describe
puts Alias.shout("x")

class Widget
  define_method(:size) { |scale| caller_locations(0, 1).first.label }
end
puts Widget.new.size(2)
begin
  Widget.new.size
rescue ArgumentError => e
  puts e.backtrace.first.sub(/\A.*?:\d+:/, "")
end

check = ->(a, b) { a + b }
begin
  check.call(1)
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(2).map { |l| l.sub(/\A.*?:\d+:/, "") }
end

box = Object.new
Registry.new.install(box)
puts box.helper(3)
box.helper(0)
