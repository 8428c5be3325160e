# A keyword argument with its value omitted at the end of a line: the next line's
# 'end', ')' or '}' ends the call (the lexer drops the newline after a label).
def call(*args, **kwargs) = [args, kwargs]

def bar
  "baz"
end

def foo(val)
  call bar:, val:
end
p foo(1)
def f(**k)=k
x=1
p(f x:
)
p f(x:
)
h = {x:
}
p h
