[1].each do |x|
  p x
