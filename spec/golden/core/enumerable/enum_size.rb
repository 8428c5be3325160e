# Enumerable methods without a block on a custom Enumerable: the Enumerator's size
# is the receiver's #size (each_slice/each_cons/cycle computed from it), nil
# without #size and for the searching methods.
class Numerous
  include Enumerable
  def initialize(*list) = @list = list
  def each(&b) = @list.each(&b)
end
class NumerousWithSize < Numerous
  def size = @list.size
end
[Numerous.new(1, 2, 3, 4), NumerousWithSize.new(1, 2, 3, 4), NumerousWithSize.new].each do |o|
  r = %i[map flat_map select filter reject filter_map each_with_index each_entry min_by max_by minmax_by group_by partition sort_by reverse_each find find_index take_while drop_while chunk_while].filter_map do |m|
    next if m == :chunk_while
    [m, o.send(m).size]
  end
  p r
  p o.each_with_object([]).size, o.each_slice(3).size, o.each_cons(3).size, o.each_cons(9).size
  p o.cycle.size, o.cycle(2).size, o.cycle(-1).size, o.cycle(0).size
end
class Custom
  include Enumerable
  def each = yield(1)
  def size = 10
  def map = block_given? ? super : to_enum(:map)
end
p Custom.new.map.size, Custom.new.select.size
