# Marshal.dump writes CRuby's format 4.8 byte for byte.
S = Struct.new(:a, :b)
class Pt
  def initialize(x, y)
    @x = x
    @y = y
  end
end
module Tag; end
class MyS < String; end
class MyA < Array; end
class MyH < Hash; end

h = Hash.new(5)
h[1] = 2
ident = {}.compare_by_identity
ident["a"] = 1
tagged = Object.new.extend(Tag)

[nil, true, false, 0, 1, -1, 122, 123, -123, -124, 255, 256, -256, -257,
 2**30 - 1, 2**30, -2**30, -2**30 - 1, 2**31, 2**62, 2**64, -(2**70),
 1.0, 1.5, -0.0, 0.0, 1e20, 1e-5, 0.0001, 123.456, Float::INFINITY, -Float::INFINITY,
 Float::NAN, 1.0 / 3, 2.5e-300,
 "abc", "abc".b, "abc".encode("US-ASCII"), "\u00e9".encode("ISO-8859-1"), "caf\u00e9",
 :sym, :"\u00e9t\u00e9", [:a, :a, :b], [1, [2, "s"]], {a: 1, "b" => [2]}, h, ident,
 1..2, 1...3, (1..), (..5), S.new(1, "x"), Pt.new(1, :x), /ab+c/i, /café/,
 String, Kernel, Comparable, Struct, StandardError.new, RuntimeError.new("boom"),
 Rational(1, 3), Complex(1, 2), MyS.new("q"), MyA[1], MyH[1, 2], tagged,
 Time.at(0).utc, Time.utc(2024, 2, 29, 23, 59, 58), Time.at(1700000000, 123456789, :nsec).utc,
 Time.new(2024, 5, 6, 7, 8, 9, "+09:00")].each do |v|
  p [v.class, Marshal.dump(v)]
end

s = "shared"
p Marshal.dump([s, s, :q, :q, 2**40, s])
big = 2**70
p Marshal.dump([big, big])
a = []
a << a
p Marshal.dump(a)
latin = ["\u00e9".encode("ISO-8859-1"), "x".encode("ISO-8859-1")]
p Marshal.dump(latin)
str = +"iv"
str.instance_variable_set(:@note, 1)
p Marshal.dump(str)
p Marshal.dump([[[1]]], 4)
p Marshal::MAJOR_VERSION, Marshal::MINOR_VERSION
