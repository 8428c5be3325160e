# define_method after an argument-less module_function makes a module
# function; module_function rebound to a Class raises TypeError
m = Module.new do
  module_function
  define_method(:dm) { 7 }
  def plain = 8
end
p m.dm, m.plain, m.private_instance_methods(false).sort
begin
  Module.instance_method(:module_function).bind(Class.new).call
rescue TypeError => e
  p e.message
end
