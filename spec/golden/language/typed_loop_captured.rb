# Typed loops (codegen/infer.c): a read-only local of the block env changed by
# a block the loop calls is re-read after the call (and a wrong type hands
# over to the generic code).
lim = 10
inc = -> { lim += 5 }
i = 0
seen = []
while i < lim
  inc.call if i == 3
  seen << lim if i == 3
  i += 1
end
p i, lim, seen
lim = 10
chg = -> { lim = "x" }
i = 0
begin
  while i < lim
    chg.call if i == 2
    i += 1
  end
rescue => e
  p e.class, i
end
