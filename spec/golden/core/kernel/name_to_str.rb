# Method and instance-variable names given as objects with #to_str
# (rb_check_id): send, respond_to?, method, instance_variable_get/set/
# defined?, remove_instance_variable, and the errors of bad names.
class N; def initialize(s) = @s = s; def to_str = @s; end
o = Object.new
o.instance_variable_set(N.new("@a"), 1)
p o.instance_variable_get(N.new("@a")), o.instance_variable_defined?(N.new("@a"))
p o.remove_instance_variable(N.new("@a"))
[["@"], ["a"], [N.new("b")], [1], [nil]].each do |a|
  begin
    o.instance_variable_get(*a)
  rescue NameError, TypeError => e
    puts "#{e.class}: #{e.message}"
  end
end
p 5.send(N.new("+"), 1), 5.respond_to?(N.new("succ")), 5.method(N.new("succ")).call
class Bad; def to_str = raise(NoMethodError, "nope"); end
begin; 5.method(Bad.new); rescue NoMethodError => e; puts e.message; end
class Wrong; def to_str = 42; end
begin; 5.send(Wrong.new); rescue TypeError => e; puts e.message; end
