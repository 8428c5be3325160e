def f
  X = 1
end
