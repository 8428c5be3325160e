# uncaught TypeError from String#+ with error_highlight
def label(n)
  "item " + n
end
puts label("a")
puts label(3)
