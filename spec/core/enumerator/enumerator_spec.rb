require_relative '../../spec_helper'
require_relative '../enumerable/fixtures/classes'

describe "Enumerator from no-block iterator calls" do
  it "chains each_with_index.map, map.with_index, each_slice.to_a, times.map" do
    %w[a b].each_with_index.map { |s, i| "#{s}#{i}" }.should == ["a0", "b1"]
    %w[a b].map.with_index(1) { |s, i| "#{i}:#{s}" }.should == ["1:a", "2:b"]
    [1, 2, 3].each_slice(2).to_a.should == [[1, 2], [3]]
    3.times.map { |i| i * 10 }.should == [0, 10, 20]
    [1, 2].select.with_index { |x, i| i == 1 }.should == [2]
    [4, 5].each.with_index.to_a.should == [[4, 0], [5, 1]]
  end

  it "with_object and each_with_object pass the memo" do
    [1, 2].each.with_object([]) { |x, acc| acc << x * 3 }.should == [3, 6]
    3.times.each_with_object({}) { |i, h| h[i] = i.to_s }.should == {0 => "0", 1 => "1", 2 => "2"}
  end

  it "size reports the size when it is known" do
    [1, 2, 3].each.size.should == 3
    [1, 2, 3].map.size.should == 3
    5.times.size.should == 5
    [1, 2, 3].each_slice(2).size.should == 2
    {a: 1}.each.size.should == 1
    loop.size.should == Float::INFINITY
    Enumerator.new { |y| y << 1 }.size.should be_nil
    Enumerator.new(3) { |y| y << 1 }.size.should == 3
  end

  it "inspect shows receiver, method and arguments" do
    [1, 2].each.inspect.should == "#<Enumerator: [1, 2]:each>"
    [1, 2].each_slice(2).inspect.should == "#<Enumerator: [1, 2]:each_slice(2)>"
    3.times.inspect.should == "#<Enumerator: 3:times>"
  end

  it "to_enum/enum_for wrap any method, including private ones" do
    o = Object.new
    def o.pairs(n)
      n.times { |i| yield i, i * i }
    end
    o.to_enum(:pairs, 3).to_a.should == [[0, 0], [1, 1], [2, 4]]
    o.enum_for(:pairs, 2).map { |a, b| a + b }.should == [0, 2]
  end
end

describe "Enumerator.new with a Yielder" do
  it "yields with << and yield" do
    e = Enumerator.new do |y|
      y << 1 << 2
      y.yield 3
      y.yield 4, 5
    end
    e.to_a.should == [1, 2, 3, [4, 5]]
    e.map { |x| x }.should == [1, 2, 3, 4]
    e.map { |*x| x }.should == [[1], [2], [3], [4, 5]]
  end

  it "works as an infinite generator with take, first and lazy" do
    fib = Enumerator.new do |y|
      a, b = 0, 1
      loop { y << a; a, b = b, a + b }
    end
    fib.take(8).should == [0, 1, 1, 2, 3, 5, 8, 13]
    fib.first(3).should == [0, 1, 1]
    fib.lazy.select(&:even?).first(4).should == [0, 2, 8, 34]
    fib.each_with_index.find { |v, i| v > 20 }.should == [21, 8]
  end

  it "Enumerator.produce generates from a seed" do
    Enumerator.produce(1) { |x| x * 2 }.take(5).should == [1, 2, 4, 8, 16]
  end
end

describe "Enumerator#next, #peek, #rewind" do
  it "iterate externally and raise StopIteration at the end" do
    e = [1, 2].each
    e.next.should == 1
    e.peek.should == 2
    e.next.should == 2
    -> { e.next }.should raise_error(StopIteration, "iteration reached an end")
    -> { e.peek }.should raise_error(StopIteration)
    e.rewind
    e.next.should == 1
  end

  it "work lazily on an infinite generator" do
    n = 0
    e = Enumerator.new { |y| loop { n += 1; y << n } }
    e.next.should == 1
    e.next.should == 2
    e.peek.should == 3
    e.next.should == 3
    n.should == 3
  end

  it "loop rescues StopIteration and returns the iteration's result" do
    e = [10, 20].each
    out = []
    r = loop { out << e.next }
    out.should == [10, 20]
    r.should == [10, 20]
  end

  it "StopIteration#result is the return value of the iteration" do
    e = Enumerator.new { |y| y << 1; :done }
    e.next
    begin
      e.next
    rescue StopIteration => ex
      ex.result.should == :done
    end
  end

  it "next packs several yielded values into an Array" do
    e = EnumerableSpecs::YieldsMulti.new.to_enum
    e.next.should == [1, 2]
    e.next.should == [3, 4, 5]
  end

  it "runs the source's side effects one element at a time" do
    log = []
    e = Enumerator.new { |y| log << :a; y << 1; log << :b; y << 2; log << :c }
    e.next
    log.should == [:a]
    e.next
    log.should == [:a, :b]
  end

  it "works over ranges, endless ranges, hashes and each_slice" do
    r = (1..).each
    r.next.should == 1
    r.next.should == 2
    h = {a: 1}.each
    h.next.should == [:a, 1]
    s = (1..5).each_slice(2)
    s.next.should == [1, 2]
    s.next.should == [3, 4]
    m = [1, 2].each_with_index
    m.next.should == [1, 0]
  end
end

describe "Enumerator::Lazy" do
  it "chains map/select/reject/take_while/first without evaluating everything" do
    (1..Float::INFINITY).lazy.map { |x| x * 2 }.select { |x| x % 3 == 0 }.first(3).should == [6, 12, 18]
    (1..).lazy.reject(&:odd?).take(3).to_a.should == [2, 4, 6]
    (1..).lazy.take_while { |x| x < 4 }.to_a.should == [1, 2, 3]
    (1..20).lazy.filter_map { |x| x * 2 if x.even? }.first(2).should == [4, 8]
    [3, 1, 3].lazy.uniq.to_a.should == [3, 1]
    (1..3).lazy.force.should == [1, 2, 3]
  end

  it "inspect shows one level per stage" do
    (1..3).lazy.inspect.should == "#<Enumerator::Lazy: 1..3>"
    (1..3).lazy.map { _1 }.inspect.should == "#<Enumerator::Lazy: #<Enumerator::Lazy: 1..3>:map>"
    (1..).lazy.select(&:odd?).take(3).inspect.should ==
      "#<Enumerator::Lazy: #<Enumerator::Lazy: #<Enumerator::Lazy: 1..>:select>:take(3)>"
  end

  it "size is known through map and take, unknown after select" do
    (1..3).lazy.size.should == 3
    (1..3).lazy.map { _1 }.size.should == 3
    (1..).lazy.map { _1 }.take(4).size.should == 4
    (1..3).lazy.select(&:odd?).size.should be_nil
  end

  it "eager returns a non-lazy Enumerator" do
    (1..3).lazy.map { |x| x + 1 }.eager.map { |x| x * 2 }.should == [4, 6, 8]
  end
end
