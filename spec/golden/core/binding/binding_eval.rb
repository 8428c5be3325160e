# Binding#eval and eval(str, binding) of strings known at compile time run
# in the binding's scope; a run-time string that is a local or an instance
# variable name is read.
def evals
  a = 1
  bind = binding
  bind.eval("number = 10")
  p bind.local_variable_get(:number)
  p bind.eval("a + number")
  p eval("a * 3", bind)
  p binding.eval("a")
  bind.eval("a = 5")
  p a
  p bind.local_variable_defined?(:number)
  p bind.eval(<<~RUBY)
    [a, number].sum
  RUBY
  name = "a"
  p bind.eval(name)
  @iv = :ivar
  p bind.eval("@iv")
  p bind.eval("self").equal?(self)
end
evals

def m_lv
  x = 1
  binding.eval("local_variables")
end
p m_lv

tpl_value = 3
p binding.eval("tpl_value + 1", __FILE__, __LINE__)

# where a binding made in eval'd code says it is
b = eval("binding", nil, "foo", 100)
p b.source_location
p eval("binding").source_location
p eval("y = 1\nbinding", binding, "bar.rb", 10).source_location
p Object.new.instance_eval("binding", "inst.rb", 7).source_location
p b.local_variable_get(:tpl_value)
