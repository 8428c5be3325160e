# Proc#<< / #>> and Method#<< / #>>: lambda-ness of the composition and the
# TypeError for an argument that is not callable.
f = proc { |x| x * x }
g = proc { |x| x + x }
l = -> x { x }
c = Object.new; def c.call(x) = x + 1
p (f << g).lambda?, (f >> g).lambda?, (f << l).lambda?, (f >> l).lambda?, (l << f).lambda?, (l >> f).lambda?
p (f << c).lambda?, (f >> c).lambda?, (l >> c).lambda?
m = 1.method(:+)
p (m << f).lambda?, (m >> f).lambda?, (m << c).lambda?, (m << l).lambda?
[f, l, m].each do |x|
  [:<<, :>>].each do |op|
    begin
      x.send(op, Object.new)
    rescue TypeError => e
      p [e.class, e.message]
    end
  end
end
p (f << c).call(3), (f >> c).call(3), (m << c).call(3), (m >> c).call(3)
p (f << g).arity, (l << l).arity, (f >> g).parameters
p [(m << f).lambda?, (m >> f).lambda?, (m << l).lambda?, (m >> l).lambda?, (m << c).lambda?, (m >> c).lambda?, (m << m).lambda?, (m >> m).lambda?]
p [(f << m).lambda?, (f >> m).lambda?, (l << m).lambda?, (l >> m).lambda?]
