# A line continuation inside a <<~ heredoc: the next line is dedented too.
def b
  <<~HERE
    a
    b\
    c
  HERE
end
p b
x = <<-HERE
    a\
    b
    HERE
p x
y = <<~E
  q\
      r
  s
E
p y
