# Forwardable (Spinel's own lib/ruby/forwardable.rb: CRuby's compiles its
# delegators at run time) and Prime (compiled from the installed prime.rb).
require 'forwardable'
class Queue2
  extend Forwardable
  def_delegators :@items, :size, :first, :empty?, :each
  def_delegator :@items, :push, :enqueue
  def_delegator :@items, :shift, :dequeue
  delegate [:last, :include?] => :@items
  def_delegator :label, :upcase, :shout
  include Enumerable
  def initialize = @items = []
  private def label = "queue"
end
q = Queue2.new
q.enqueue(1); q.enqueue(2); q.enqueue(3)
p q.size, q.first, q.dequeue, q.last, q.include?(3), q.empty?
p q.map { _1 * 10 }, q.shout
class Conf
  extend Forwardable
  def_delegator :@h, :fetch
  def initialize = @h = { a: 1 }
end
p Conf.new.fetch(:a), Conf.new.fetch(:b, 0), Conf.new.fetch(:c) { |k| k.to_s * 2 }
module Registry
  extend SingleForwardable
  @list = [3, 1, 2]
  def_delegators :@list, :sort, :max
end
p Registry.sort, Registry.max
begin
  q.nope
rescue NoMethodError => e
  puts e.message[0, 20]
end

require 'prime'
p Prime.first(10)
p 97.prime?, 91.prime?, Prime.prime?(7919)
p 360.prime_division, Prime.int_from_prime_division([[2, 3], [3, 2], [5, 1]])
p Prime.each(30).to_a
p Prime.lazy.select { _1 % 4 == 1 }.first(5)
p Prime::EratosthenesGenerator.new.take(5)
