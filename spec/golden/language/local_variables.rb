# Kernel#local_variables: the whole local table of the scope, then the scopes a block sees
def m(a, b = 1, *r, k: 2, &blk)
  p local_variables
  x = 1
  [1].each { |y; z| w = 2; p local_variables }
  for i in 1..2
    c = i
  end
  p local_variables
  -> { inside = 1; p local_variables }.call
end
m(0)
/(?<matched>foo)(?<unmatched>bar)?/ =~ "foofoo"
p local_variables
1.times { |x| p local_variables; 1.times { |x| q = 1; p local_variables } }
p local_variables
