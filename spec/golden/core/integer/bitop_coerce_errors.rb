# Integer bit operators coerce like CRuby (Floats and special constants are
# shown by inspect); shift counts convert with to_int.
[2.0, 2.5, 1e300, nil, true, :a, "a", 2r, [1]].each do |v|
  %i[& | ^].each do |op|
    begin
      p 3.send(op, v)
    rescue TypeError => e
      puts "3 #{op} #{v.inspect}: #{e.message}"
    end
  end
  begin
    p((2**70) & v)
  rescue TypeError => e
    puts "big & #{v.inspect}: #{e.message}"
  end
end
[1.5, 1.0, -1.9, "a", nil, :a, 2**70 + 0.0].each do |v|
  %i[<< >>].each do |op|
    begin
      p 3.send(op, v)
    rescue TypeError, RangeError => e
      puts "3 #{op} #{v.inspect}: #{e.class}: #{e.message}"
    end
  end
end
class Cnt; def to_int = 2; end
p 3 << Cnt.new, 12 >> Cnt.new
# BasicObject#!= calls == without an identity shortcut: NaN != NaN
nan = 0.0 / 0
x = nan
p nan != nan, x != nan, nan == nan, [nan] == [nan], [nan].include?(nan)
class Weird; def ==(o) = false; end
w = Weird.new
p w != w, w == w
