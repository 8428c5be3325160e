# A TypeError from a core method called by user code: the frame of the core
# method is shown with its class label.
def add_all(values)
  total = 0
  values.each { |v| total = total + v }
  total
end

puts add_all([1, 2, 3])
puts add_all([1, "2"])
