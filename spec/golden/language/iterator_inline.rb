# Iterators with literal blocks compiled in place, and their fallbacks
def find_first(ary) = ary.each_with_index { |v, i| return [v, i] if v > 1 }
# each call site runs twice: the first call fills its cache, the second
# runs the inline loop
class Bag
  include Enumerable
  def each = [7, 8].each { |v| yield v }
end
class Ring < Array
  def map = ["ring"]
end
def checks
  a = [1, 2, 3]
  p a.each_with_index { |x, i| print x * i, " " }
  puts
  p a.map { |x| x * 10 }, a.select { |x| x.odd? }, a.filter { |x| x > 1 }, a.reject { |x| x == 2 }
  p a.map { 5 }, a.each_with_index.to_a
  p 3.times { |i| print i }, 5.upto(7) { |i| print i }, 3.downto(-1) { |i| print i }
  puts
  p 0.times { raise "never" }, 3.upto(2) { raise "never" }
  # block locals are fresh at every iteration
  3.times { |i| x ||= i; print x, " " }
  [4, 5].each_with_index { |v, i| y = (y || 0) + v; print y, " " }
  p(a.map { |v| z = defined?(z); z })
  # a block parameter shadows an outer local; outer locals are shared
  x = 100
  s = 0
  [1, 2].each_with_index { |x, i| s += x + i }
  p x, s
  n = 0
  4.times { n += 1 }
  p n
  # mutation while iterating
  b = [1, 2, 3]
  r = b.map { |v| b << v * 10 if b.size < 5; v }
  p r, b
  c = [1, 2, 3, 4]
  p c.each_with_index { |v, i| c.pop if i == 0 }
  # break, next, redo/return: the ordinary call
  p(a.map { |v| next 0 if v == 2; v })
  p(a.each_with_index { |v, i| break v * 100 if i == 1 })
  p(10.times { |i| break i if i == 4 })
    p find_first(a)
  # receivers that are not Arrays / fixnums
  p({ a: 1, b: 2 }.map { |k, v| [k, v * 2] })
  p((1..4).select { |v| v.even? }, (1..3).each_with_index.map { |v, i| v * i })
  p 1.upto(2.5) { |i| print i }, (2**64).times.first(2)
  p Bag.new.map { |v| v + 1 }, Bag.new.reject { |v| v == 7 }
  p Ring[1, 2].map { |v| v }
end
checks
checks
# an exception inside the body: the backtrace has the builtin's frame
def boom
  2.times { |i| raise "boom #{i}" if i == 1 }
rescue => e
  p e.message
  puts e.backtrace.first(3)
end
boom
boom
def boom2
  [1].map { |v| raise ArgumentError, "x#{v}" }
rescue => e
  p e.message
  puts e.backtrace.first(4)
end
boom2
boom2
# redefinition after the first calls: the new method runs
def run = [3.times { |i| i }, [1, 2].map { |v| v + 1 }]
p run
p run
class Integer
  def times = "my times"
end
class Array
  def map = "my map"
end
p run
