# A missing required keyword is reported before unknown ones.
def m(a:) = a
begin; m(b: 1); rescue ArgumentError => e; p e.message; end
def m2(a:, c: 1) = a
begin; m2(b: 1, d: 2); rescue ArgumentError => e; p e.message; end
begin; m2(a: 1, d: 2); rescue ArgumentError => e; p e.message; end
def m3(a:, b:) = [a, b]
begin; m3(c: 1); rescue ArgumentError => e; p e.message; end
p m2(a: 5)
pr = proc { |x:, y: 2| [x, y] }
begin; pr.call(z: 1); rescue ArgumentError => e; p e.message; end
