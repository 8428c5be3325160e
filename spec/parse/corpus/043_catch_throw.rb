# Corpus: catch throw
r = catch(:found) do
  [[1, 2], [3, 4]].each do |row|
    row.each { |v| throw :found, v * 100 if v == 3 }
  end
  :none
end
puts r
