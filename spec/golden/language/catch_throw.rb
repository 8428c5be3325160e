r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each do |v|
      throw :found, v if v == 3
    end
  end
  :not_found
end
p r
p catch(:x) { 10 }
p catch(:x) { throw :x }
p catch { |tag| throw tag, "anon" }
def deep_throw(n)
  throw :deep, n if n == 0
  deep_throw(n - 1)
end
p catch(:deep) { deep_throw(5); :no }
begin
  throw :nobody
rescue UncaughtThrowError => e
  puts e.message
  p e.tag
end
res = catch(:outer) do
  catch(:inner) do
    throw :outer, "from inner"
  end
  "not reached"
end
p res
obj = Object.new
p catch(obj) { throw obj, :object_tag }
