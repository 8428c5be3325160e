require_relative '../spec_helper'

module LangOpSpecs
  class Vec
    attr_reader :x, :y
    def initialize(x, y) @x = x; @y = y end
    def +(o) Vec.new(x + o.x, y + o.y) end
    def -(o) Vec.new(x - o.x, y - o.y) end
    def *(k) Vec.new(x * k, y * k) end
    def -@() Vec.new(-x, -y) end
    def +@() self end
    def ~() Vec.new(y, x) end
    def !() :custom_not end
    def ==(o) o.is_a?(Vec) && x == o.x && y == o.y end
    def [](i) i == 0 ? x : y end
    def []=(i, v) i == 0 ? @x = v : @y = v end
    def <<(v) @x += v; self end
    def to_a() [x, y] end
    def coerce(n) [self, n] end
    def call(z) [:called, z] end
    def to_proc() ->(v) { v * x } end
    def =~(o) :match_op end
    def <=>(o) (x + y) <=> (o.x + o.y) end
    def %(o) [:mod, o] end
    def **(o) [:pow, o] end
  end
end

describe "User-defined operators" do
  before :each do
    @a = LangOpSpecs::Vec.new(1, 2)
    @b = LangOpSpecs::Vec.new(3, 4)
  end

  it "define binary arithmetic" do
    (@a + @b).to_a.should == [4, 6]
    (@b - @a).to_a.should == [2, 2]
    (@a * 3).to_a.should == [3, 6]
    (@a % 5).should == [:mod, 5]
    (@a ** 2).should == [:pow, 2]
  end

  it "define unary operators" do
    (-@a).to_a.should == [-1, -2]
    (+@a).should equal(@a)
    (~@a).to_a.should == [2, 1]
    (!@a).should == :custom_not
  end

  it "define == and derive !=" do
    (@a == LangOpSpecs::Vec.new(1, 2)).should == true
    (@a != LangOpSpecs::Vec.new(1, 2)).should == false
    (@a != @b).should == true
  end

  it "define [] and []=" do
    @a[0].should == 1
    @a[1] = 9
    @a.y.should == 9
    (@a[0] = 5).should == 5
  end

  it "define << returning self for chaining" do
    (@a << 1 << 2).x.should == 4
  end

  it "define =~ and <=>" do
    (@a =~ 1).should == :match_op
    (@a <=> @b).should == -1
  end

  it "support op-assign with user operators" do
    v = @a
    v += @b
    v.to_a.should == [4, 6]
    v *= 2
    v.to_a.should == [8, 12]
  end

  it "use coerce when a core number is the receiver" do
    (2 * @a).to_a.should == [2, 4]
  end

  it "call .() through call" do
    @a.(7).should == [:called, 7]
  end

  it "use to_proc for &obj" do
    [1, 2].map(&@b).should == [3, 6]
  end

  it "are found by send with the operator name" do
    @a.send(:+, @b).to_a.should == [4, 6]
    @a.public_send(:-@).to_a.should == [-1, -2]
  end
end
