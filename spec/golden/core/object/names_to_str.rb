# A method, member or key name may be any object with #to_str (CRuby's
# rb_check_id): Enumerable#inject's operator, Struct and Data members,
# fiber locals; anything else is "X is not a symbol nor a string"
name = Object.new
def name.to_str = "+"
p [1, 2, 3].each.inject(name), (1..3).inject(10, name)
mem = Object.new
def mem.to_str = "width"
S = Struct.new(:height, mem)
p S.new(3, 4).width, S.members
D = Data.define(mem)
p D.new(width: 5).width
key = Object.new
def key.to_str = "local"
Thread.current[key] = 7
p Thread.current[:local], Thread.current.key?(key)
[-> { [1].each.inject(1, 2) }, -> { Struct.new(3) }, -> { Thread.current[4.5] }].each do |l|
  l.call
rescue TypeError => e
  p e.message
end
