# uncaught NameError with a did_you_mean suggestion
def total(items)
  sum = 0
  items.each { |i| sum += i }
  summ
end
puts total([1, 2])
