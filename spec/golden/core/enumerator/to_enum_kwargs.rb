# enum_for/to_enum with keyword arguments: the enumerator calls the method
# with them as keywords again (find.rb's Find.find without a block).
class C
  def find(*paths, ignore_error: true)
    block_given? or return enum_for(__method__, *paths, ignore_error: ignore_error)
    paths.each { |x| yield [x, ignore_error] }
  end
  def g(a, k: 1)
    return to_enum(:g, a, k: k) unless block_given?
    yield a, k
  end
  def h(*a, **kw)
    return to_enum(:h, *a, **kw) unless block_given?
    yield a, kw
  end
end
p C.new.find(1, 2, ignore_error: false).to_a
p C.new.find(1).to_a
p C.new.g(5, k: 3).to_a
p C.new.g(5).next
p C.new.h(1, x: 2).to_a
p C.new.h({x: 2}).to_a
p C.new.h.to_a
