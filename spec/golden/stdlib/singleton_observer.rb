# Singleton and Observable compiled from the installed singleton.rb/observer.rb
require 'singleton'
require 'observer'
class Config
  include Singleton
  attr_accessor :level
  def initialize = @level = 1
end
a = Config.instance
b = Config.instance
a.level = 5
p a.equal?(b), b.level
begin
  Config.new
rescue NoMethodError => e
  puts e.message
end

class Ticker
  include Observable
  def tick(price)
    changed
    notify_observers(Time.at(0).utc.year, price)
  end
end
class Watcher
  def initialize(name) = @name = name
  def update(time, price) = puts("#{@name}: #{time} #{price}")
end
t = Ticker.new
w1 = Watcher.new("w1")
t.add_observer(w1)
t.add_observer(Watcher.new("w2"))
p t.count_observers
t.tick(10)
t.delete_observer(w1)
t.tick(11)
p t.changed?
