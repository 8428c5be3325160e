# removing a core operator turns off its inline fast path
def sub(a, b) = a - b
p sub(5, 3)
class Integer
  remove_method :-
end
begin
  p sub(5, 3)
rescue NoMethodError => e
  p e.message
end
p 5 + 3
