# catch/throw across methods and nested catches, with values and ensure
def search(grid, target)
  catch(:found) do
    grid.each_with_index do |row, r|
      row.each_with_index do |v, c|
        throw :found, [r, c] if v == target
      end
    end
    nil
  end
end
g = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
p search(g, 5), search(g, 9), search(g, 10)
log = []
r = catch(:outer) do
  catch(:inner) do
    begin
      throw :outer, :from_inner
    ensure
      log << :ensure_ran
    end
  end
  :not_here
end
p r, log
v = catch(:a) do
  catch(:b) { throw :a, 1 } + 100
end
p v
w = catch(:a) do
  x = catch(:b) { throw :b, 1 }
  x + 100
end
p w
def deep(n) = n.zero? ? throw(:bottom, :reached) : deep(n - 1)
p catch(:bottom) { deep(50) }
tag = Object.new
p catch(tag) { throw tag, :object_tag }
p catch(:nothing) { :normal_value }, catch(:x) { throw :x }
begin
  catch(:a) { throw :b }
rescue UncaughtThrowError => e
  p e.tag, e.value, e.message
end
