# Class#allocate of core classes whose instances are not plain objects:
# each gives a usable instance of its own kind (or no allocator, as CRuby),
# never a plain object that the class's methods then read as their own.
s = String.allocate
p s.instance_of?(String), s.size, s.encoding
s << "more"
p s, s.length

class MyString < String; end
m = MyString.allocate
p m.class, m.empty?

r = Range.allocate
p r, r.begin, r.end, r.exclude_end?

a = Array.allocate
a << 1
p a

d = Dir.allocate
p d.path
[-> { d.read }, -> { d.children }, -> { d.each { } }].each do |blk|
  begin
    blk.call
  rescue IOError => e
    p e
  end
end

[MatchData, Encoding].each do |c|
  begin
    c.allocate
  rescue NoMethodError, TypeError => e
    p e.class, e.message
  end
end
